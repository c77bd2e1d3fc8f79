import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../session/harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

// Issue 39's follow-up: no cancel exists for a streaming response (docs/protocol.md,
// "Subagents"), so a child stopped mid-response says so: the server finishes and bills it.
describe("a subagent stopped mid-response", () => {
  it("is interrupted, counts the response it left to be billed, and the session goes on", async () => {
    h = await startHarness({ agents: { maxThreads: 4, maxDepth: 1 } });
    const turn = h.session.send("spawn: demo:slow 40");
    const streaming = () =>
      h.events.some(
        (event) =>
          event.type === "agent_update" &&
          event.agent.status === "running" &&
          event.agent.start !== undefined,
      );
    while (!streaming()) await new Promise((resolve) => setTimeout(resolve, 20));
    h.session.abort();
    await turn;
    const child = h.session.status().agents?.[0];
    expect(child?.status).toBe("interrupted");
    expect(child?.stoppedResponses).toBe(1);
    // the shared socket still serves the session
    const next = await h.session.send("and now?");
    expect(next.ok).toBe(true);
    expect(next.lastMessage).toBe("You said: and now?");
  });

  it("a child that finished its responses before it was closed left none", async () => {
    h = await startHarness({ agents: { maxThreads: 4, maxDepth: 1 } });
    expect((await h.session.send("spawn: say hi")).ok).toBe(true);
    expect(h.session.status().agents?.[0]?.stoppedResponses).toBeUndefined();
  });
});
