import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CheckpointLine } from "../../src/session/store/checkpoint-lines.js";
import { SessionFile } from "../../src/session/store/session-file.js";
import { createSession, type Session } from "../../src/turn/agent-session.js";
import { livePoints } from "../../src/turn/rewind/rewind-timeline.js";
import { type Harness, harnessSessionOptions, startHarness } from "../session/harness.js";
import { resumedFrom, turnStart } from "./rewind-fixtures.js";

// Issue 37 follow-up: a rewind line names its point by its number in the list then, and the
// list leaves out a point whose message no longer stands at its index (a process killed after
// the point's line and before its message); replaying the rewind counted that point in and
// ended the wrong message.
let h: Harness;
let resumed: Session | undefined;
afterEach(async () => {
  await resumed?.close();
  resumed = undefined;
  await h?.close();
});

const ID = "rewind-index";
const sessionPath = () => join(h.home, "sessions", `${ID}.jsonl`);
const sessionOptions = () =>
  harnessSessionOptions({ id: ID, baseUrl: h.server.baseUrl, home: h.home, cwd: h.cwd });
const messages = (s: Session) =>
  s
    .rewinds()
    .points()
    .map((p) => `${p.turn}. ${p.message}`);

/**
 * Three messages, then a fourth whose process was killed right after its checkpoint line was
 * written (the session file ends there), then a resume where a `!command` comes first.
 */
async function resumedAfterAKill(): Promise<Session> {
  h = await startHarness();
  await h.session.close();
  const options = sessionOptions();
  const path = sessionPath();
  const store = SessionFile.create(h.home, {
    id: ID,
    created: "2026-12-06T00:00:00Z",
    cwd: h.cwd,
    model: "demo-1",
    provider: "demo",
  });
  h.session = createSession({ ...options, checkpoints: true, historyStore: store });
  for (const text of ["one", "two", "three", "four"])
    expect((await h.session.send(text)).ok).toBe(true);
  await h.session.close();
  // what a SIGKILL between the two writes of "four" leaves: its checkpoint line, not its message
  const text = readFileSync(path, "utf8");
  const cut = text.indexOf("\n", text.indexOf('"message":"four"')) + 1;
  writeFileSync(path, text.slice(0, cut));
  const session = resumedFrom(path, options);
  expect((await session.runUserShell("echo context")).ok).toBe(true);
  for (const text of ["five", "six"]) expect((await session.send(text)).ok).toBe(true);
  return session;
}

describe("rewind's numbers after a message the session file lost", () => {
  it("lists the messages there are, and a rewind to the last keeps the one before it", async () => {
    resumed = await resumedAfterAKill();
    expect(messages(resumed)).toEqual(["1. one", "2. two", "3. three", "4. five", "5. six"]);
    const result = await resumed.rewinds().rewind(5, "conversation");
    expect(result.message).toBe("six");
    expect(messages(resumed)).toEqual(["1. one", "2. two", "3. three", "4. five"]);
    // and "five" can be rewound to next
    expect((await resumed.rewinds().rewind(4, "conversation")).message).toBe("five");
    expect(messages(resumed)).toEqual(["1. one", "2. two", "3. three"]);
    // the session file says the same to the next resume
    await resumed.close();
    resumed = resumedFrom(sessionPath(), sessionOptions());
    expect(messages(resumed)).toEqual(["1. one", "2. two", "3. three"]);
    expect((await resumed.send("three, again")).ok).toBe(true);
    expect(messages(resumed)).toEqual(["1. one", "2. two", "3. three", "4. three, again"]);
  });
});

const user = (text: string) => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});

describe("livePoints: one index space for the list and its rewinds (pure)", () => {
  // "lost" was never saved: its index holds another item, so the list leaves it out
  const lines: CheckpointLine[] = [
    turnStart(0, "one"),
    turnStart(2, "lost"),
    turnStart(3, "two"),
    turnStart(4, "three"),
  ];
  const history = [user("one"), {}, {}, user("two"), user("three")] as never;

  it("a rewind line finds its point by the point's checkpoint line", () => {
    const listed = livePoints(lines, history);
    expect(listed.map((p) => [p.turn, p.message, p.line])).toEqual([
      [1, "one", 0],
      [2, "two", 2],
      [3, "three", 3],
    ]);
    const rewound: CheckpointLine = {
      type: "checkpoint",
      moment: "rewind",
      at: 4,
      mode: "conversation",
      point: 3,
      turn: 3,
    };
    const after = livePoints([...lines, rewound], (history as unknown[]).slice(0, 4) as never);
    expect(after.map((p) => p.message)).toEqual(["one", "two"]);
  });

  it("a line written before `point` still counts `turn` among the points it stood with", () => {
    const old: CheckpointLine = {
      type: "checkpoint",
      moment: "rewind",
      at: 3,
      mode: "conversation",
      turn: 2,
    };
    // its number 2 was "lost" then (nothing was left out): the points before it stay
    expect(
      livePoints([...lines, old], (history as unknown[]).slice(0, 3) as never).map(
        (p) => p.message,
      ),
    ).toEqual(["one"]);
  });
});
