import { describe, expect, it } from "vitest";
import { wireInput } from "../session/harness.js";
import { useTuiWorld } from "./tui-world.js";

/**
 * Steering on the socket in the TUI (issue 23): on gpt-6-astra, a message typed while a slow
 * demo response streams goes out as `response.steer`; the slow answer stops early and the
 * server's successor answers the message; nothing is sent twice and the next request chains.
 */
describe("Enter during a streaming response on a model that takes steering", () => {
  const tui = useTuiWorld();
  it("reaches the model before the response would have ended; the next request is incremental", async () => {
    const p = tui.open(["-m", "gpt-6-astra"]);
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    p.type("demo:slow 40");
    await p.until(() => p.screen().includes("Slow part 2."), "the slow answer to stream");
    p.type("say zebra instead");
    await p.until(
      () => p.screen().includes("You said: say zebra instead"),
      "the successor's answer",
    );
    await p.until(() => p.idle(), "the turn to end");
    // the slow answer stopped early: its 40th part never came
    expect(p.screen()).not.toContain("Slow part 40.");
    expect(tui.server.steers).toHaveLength(1);
    expect(tui.server.successors).toHaveLength(1);
    p.type("and then");
    await p.until(() => p.screen().includes("You said: and then"), "the next answer");
    const requests = tui.server.requests;
    const last = requests.at(-1);
    expect(last?.previousResponseId).toBe(tui.server.successors[0]?.responseId);
    expect(wireInput(last)).toHaveLength(1);
    // the steering text went in the steer frame only, no request carried it
    expect(requests.some((r) => JSON.stringify(r.body).includes("say zebra"))).toBe(false);
  }, 90_000);
});
