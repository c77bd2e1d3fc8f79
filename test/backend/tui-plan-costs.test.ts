import { describe, expect, it } from "vitest";
import { hasTmux } from "../e2e/tmux.js";
import { planPaneAnswered, usePlanTui } from "./plan-pane.js";

// Issue 38 follow-up: a ChatGPT plan pays no per-token price, so a person signed in with one is
// shown the tokens and the plan's usage, and no dollar sum, in the status bar, /status and the
// summary printed on exit.
describe.skipIf(!hasTmux)("TUI in tmux on the Codex backend: a plan's costs", () => {
  const tui = usePlanTui();

  it("shows tokens and plan usage, never a $, in the status bar, /status and the exit summary", async () => {
    const p = await planPaneAnswered(tui);
    await p.until(() => p.idle(), "the turn ended");
    expect(p.statusBar()).not.toContain("$");
    p.type("/status");
    await p.until(() => p.screen().includes("plan usage: plus · 5h"), "/status's plan line");
    const status = p.joinedScreen();
    expect(status).toMatch(/tokens {7}input \S+ {2}cached/);
    expect(status).toContain("cost         counted against your ChatGPT plan");
    expect(status).not.toContain("$");
    p.type("and the next message");
    await p.until(() => p.screen().includes("You said: and the next message"), "the next answer");
    await p.until(() => p.idle(), "the second turn ended");
    p.keys("C-c");
    p.keys("C-c");
    await p.until(() => !p.alive(), "quit with Ctrl+C twice");
    const after = p.joinedScreen();
    expect(after).toMatch(/Tokens: input [\d,]+ \(cached [\d,]+\) · output [\d,]+/);
    expect(after).toContain("Cost: counted against your ChatGPT plan");
    expect(after).not.toContain("$");
  }, 120_000);
});
