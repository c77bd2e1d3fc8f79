import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 46, item 1's done-when in a real terminal: /plan → a question answered with the arrow
// keys → the plan approved → the first implementation request, at the other effort, is
// incremental in the ledger as /ledger shows it.
describe.skipIf(!hasTmux)("TUI in tmux: Plan mode", () => {
  const tui = useTuiWorld();

  it("explores on its own effort, asks, proposes; approved, it implements in Default mode on the same chain", async () => {
    // explore cheaply, implement with more effort: gpt-6.2-sol takes effort changes in-band
    const p = tui.open(
      ["-m", "gpt-6.2-sol", "--effort", "high", "-c", 'plan_mode_reasoning_effort="low"'],
      200,
      40,
    );
    await p.until(() => p.statusBar().includes("gpt-6.2-sol high"), "the status bar");
    p.keys("BTab");
    await p.until(() => p.statusBar().includes("Plan mode"), "Shift+Tab: Plan mode");
    expect(p.statusBar()).toContain("gpt-6.2-sol low");
    p.keys("BTab");
    await p.until(() => !p.statusBar().includes("Plan mode"), "Shift+Tab: Default again");
    expect(p.statusBar()).toContain("gpt-6.2-sol high");

    p.type("/plan add a greeting");
    await p.until(() => p.screen().includes("4. Other: type my own answer"), "the question");
    expect(p.screen()).toContain('File: Which file should "add a greeting" go in?');
    expect(p.statusBar()).toContain("Plan mode");
    expect(p.screen()).toMatch(/› 1\. hello\.txt \(Recommended\)/);
    p.keys("Down");
    await p.until(() => /› 2\. docs\/hello\.txt/.test(p.screen()), "the arrow moved");
    p.keys("Enter");
    await p.until(() => p.screen().includes("Implement this plan?"), "the plan to approve");
    expect(p.screen()).toContain('Which file should "add a greeting" go in? → docs/hello.txt');
    expect(p.screen()).toContain("── Proposed plan");
    expect(p.screen()).toContain("write docs/hello.txt: add a greeting");

    p.keys("Enter"); // 1. Yes, implement this plan
    await p.until(() => p.screen().includes("Applied the patch."), "the implementation");
    await p.until(() => p.idle(), "the turn's end");
    expect(p.screen()).toContain("› Implement the plan.");
    expect(p.statusBar()).not.toContain("Plan mode");
    expect(p.statusBar()).toContain("gpt-6.2-sol high");
    expect(readFileSync(join(tui.world.repo, "docs/hello.txt"), "utf8")).toBe("add a greeting\n");

    // the ledger as a person reads it: the request that went back to high effort was incremental
    p.type("/ledger");
    await p.until(() => p.screen().includes("Ledger (last"), "the ledger");
    const rows = p
      .screen()
      .split("\n")
      .filter((line) => /^\d+\s+\d+\s+ws_/.test(line));
    const switched = rows.filter((line) => line.includes("(in-band)"));
    // one switch to low for Plan mode, one back to high for the implementation
    expect(switched.map((line) => /effort → (low|high) \(in-band\)/.exec(line)?.[1])).toEqual([
      "low",
      "high",
    ]);
    for (const line of switched) expect(line).toMatch(/ws_incremental\s+✓/);
  }, 120_000);
});
