import { beforeAll, describe, expect, it } from "vitest";
import { signedInHome } from "../auth/demo-sign-in.js";
import { hasTmux } from "../e2e/tmux.js";
import { useTuiWorld } from "../e2e/tui-world.js";

// Issue 38 follow-up: a ChatGPT plan pays no per-token price, so a person signed in with one is
// shown the tokens and the plan's usage, and no dollar sum, in the status bar, /status and the
// summary printed on exit.
describe.skipIf(!hasTmux)("TUI in tmux on the Codex backend: a plan's costs", () => {
  const tui = useTuiWorld();
  beforeAll(async () => {
    await signedInHome(tui.world.home, tui.server.issuer.issuerUrl);
  });

  it("shows tokens and plan usage, never a $, in the status bar, /status and the exit summary", async () => {
    const backend = `${tui.server.backendUrl}codex`;
    const p = tui.open(["-c", `chatgpt_issuer="${tui.server.issuer.issuerUrl}"`], 120, 40, {
      baseUrl: backend,
    });
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    p.type("hello plan");
    await p.until(() => p.screen().includes("You said: hello plan"), "the answer");
    await p.until(() => /5h \d+% · wk \d+%/.test(p.statusBar()), "the plan in the status bar");
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
