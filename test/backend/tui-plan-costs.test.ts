import { describe, expect, it } from "vitest";
import { hasTmux } from "../e2e/tmux.js";
import { planPaneAnswered, usePlanTui } from "./plan-pane.js";

// Issue 38 follow-up: a ChatGPT plan pays no per-token price, so a person signed in with one is
// shown the tokens and the plan's usage, and no dollar sum, in the status bar, /status and the
// summary printed on exit; /status names the account (issue 46).
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
    // who is signed in: the sign-in's email and plan (issue 46)
    expect(status).toContain("account      demo@mini-codex.invalid (ChatGPT plus plan)");
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
    // the plan's windows and each turn's share, as docs/config.md says (issue 46)
    expect(after).toMatch(/^Plan usage: plus · 5h [\d.]+% used, resets .* · weekly [\d.]+% used/m);
    expect(after).toMatch(/^Per turn \(points of the 5h window\): .*#2 [\d.]+ pts/m);
    expect(after).not.toContain("$");
  }, 120_000);
});
