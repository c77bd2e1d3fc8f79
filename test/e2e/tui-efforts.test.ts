import { describe, expect, it } from "vitest";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 26 item 7 in a real terminal: one list of efforts per model, whichever way it is set.
describe.skipIf(!hasTmux)("TUI in tmux: each model's own efforts", () => {
  const tui = useTuiWorld();

  it("Alt+E cycles only gpt-5-codex's efforts; Alt+, and Alt+. step down and up and stop at the ends", async () => {
    const p = tui.open(["-m", "gpt-5-codex", "--effort", "high"]);
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    await p.until(() => p.statusBar().includes("gpt-5-codex high"), "the status bar");
    p.keys("M-e");
    // gpt-5-codex takes low, medium and high: after high comes low, never minimal
    await p.until(() => p.statusBar().includes("gpt-5-codex low"), "Alt+E round to low");
    expect(p.screen()).toContain("Reasoning effort: low (applies to the next request).");
    p.keys("M-.");
    await p.until(() => p.statusBar().includes("gpt-5-codex medium"), "Alt+. up to medium");
    p.keys("M-,");
    await p.until(() => p.statusBar().includes("gpt-5-codex low"), "Alt+, down to low");
    p.keys("M-,");
    await p.until(
      () => p.screen().includes("Reasoning effort low is the lowest gpt-5-codex takes."),
      "the end of the list",
    );
    expect(p.statusBar()).toContain("gpt-5-codex low");
    // nothing was typed into the composer by the Alt keys
    expect(p.screen()).not.toMatch(/› [.,]/);
  }, 60_000);

  it("/model gpt-4.1 typed leaves no effort, as picking it does; Alt+E then says it takes none", async () => {
    const p = tui.open(["-m", "gpt-5-codex", "--effort", "high"]);
    await p.until(() => p.statusBar().includes("gpt-5-codex high"), "the status bar");
    p.type("/model gpt-4.1");
    await p.until(
      () => p.screen().includes("Model: gpt-4.1 (applies to the next request)."),
      "the notice",
    );
    expect(p.statusBar()).not.toContain("gpt-4.1 high");
    p.keys("M-e");
    await p.until(() => p.screen().includes("gpt-4.1 takes no reasoning effort."), "the hint");
    p.type("/model gpt-5");
    await p.until(() => p.statusBar().includes("gpt-5 medium"), "gpt-5 on its default effort");
  }, 60_000);
});
