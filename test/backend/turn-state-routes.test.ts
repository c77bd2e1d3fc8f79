import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import { type Harness, waitFor } from "../session/harness.js";
import { backendHarness } from "./backend-harness.js";
import { testSignIn } from "./credentials.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

// the child's command waits for a file the test writes: it runs through the parent's turn 2
const CHILD_TASK = "run: while [ ! -e go ]; do sleep 0.1; done; echo child-done";
const SPAWN = `call spawn_agent ${JSON.stringify({ message: CHILD_TASK })}`;

const text = (request: RecordedRequest) => JSON.stringify(request.body);
/** The child started from its task alone: its requests never carry the parent's conversation. */
const isChild = (request: RecordedRequest) =>
  text(request).includes("[ ! -e go ]") && !text(request).includes("call spawn_agent");

describe("the Codex backend's turn state, per agent (issue 38 follow-up)", () => {
  it("a child still running from the parent's turn 1 keeps its own value through the parent's turn 2; each turn starts without one", async () => {
    h = await backendHarness(
      testSignIn(),
      { supportsWebsockets: false }, // HTTP: every request carries its own headers
      { agents: { maxThreads: 2, maxDepth: 1 } },
    );
    const harness = h;
    const first = await harness.session.send(SPAWN);
    expect(first.ok).toBe(true);
    const children = () => harness.requests().filter(isChild);
    await waitFor(() => children().length >= 1, 30_000);
    const second = await harness.session.send("hello again");
    expect(second.ok).toBe(true);
    expect(second.lastMessage).toContain("hello again");
    writeFileSync(join(harness.cwd, "go"), "");
    await waitFor(() => children().length >= 2, 30_000);

    const parent = harness.requests().filter((request) => !isChild(request));
    const [spawning, spawned, turn2] = parent.map((request) => request.headers.turnState);
    const [childFirst, childSecond] = children().map((request) => request.headers.turnState);
    expect(spawning).toBeUndefined(); // the parent's turn 1 starts without one
    expect(spawned).toMatch(/^ts_/); // its tool round replays turn 1's
    expect(childFirst).toBeUndefined(); // the child's own turn starts without one, never the parent's
    expect(childSecond).toMatch(/^ts_/); // its tool round replays its own turn's value …
    expect(childSecond).not.toBe(spawned); // … not the parent's
    expect(turn2).toBeUndefined(); // the parent's turn 2 starts without one
    expect(parent.length).toBe(3);
    // the backend was never sent a value it did not issue to that thread for that turn
    expect(harness.server.backend.misroutedTurnStates).toBe(0);
  });
});
