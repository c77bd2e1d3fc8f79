import { describe, expect, it } from "vitest";
import { hasTmux } from "../e2e/tmux.js";
import { planPaneAnswered, usePlanTui } from "./plan-pane.js";

// Issue 38 item 4 in a real terminal: signed in with ChatGPT (auth.json), on the demo's Codex
// backend, the plan's windows show in the status bar and /status, and a reached limit says
// when it lifts, ends the turn, and the next message is answered.
describe.skipIf(!hasTmux)("TUI in tmux on the Codex backend: plan usage", () => {
  const tui = usePlanTui();

  it("shows the windows in the status bar and /status; a usage limit names its reset time", async () => {
    const p = await planPaneAnswered(tui);
    // a second turn (typed once the first ended, else it steers the first): its share has the
    // first turn's figure before it
    await p.until(() => p.idle(), "the first turn ended");
    p.type("second turn");
    await p.until(() => p.screen().includes("You said: second turn"), "the second answer");
    await p.until(() => p.idle(), "the second turn ended");
    p.type("/status");
    await p.until(() => p.screen().includes("plan usage: plus · 5h"), "/status's plan line");
    expect(p.joinedScreen()).toMatch(/weekly \d+(\.\d)?% used, resets/);
    expect(p.joinedScreen()).toMatch(/per turn \(points of the 5h window\): .*#2 [\d.]+ pts/);
    p.type("demo:usage-limit");
    await p.until(() => p.joinedScreen().includes("usage limit reached"), "the limit");
    expect(p.joinedScreen()).toMatch(/plus plan is used up; it resets at .*\d\d:\d\d \(in /);
    // and where more can be had now (issue 46)
    expect(p.screen().replace(/\s+/g, " ")).toContain(
      "more usage now: upgrade to Pro (https://chatgpt.com/explore/pro) or buy credits at https://chatgpt.com/settings/usage",
    );
    await p.until(() => p.idle(), "the turn ended");
    p.type("after the limit");
    await p.until(() => p.screen().includes("You said: after the limit"), "the next answer");
    p.keys("C-c");
    p.keys("C-c");
    await p.until(() => !p.alive(), "quit with Ctrl+C twice");
  }, 120_000);
});
