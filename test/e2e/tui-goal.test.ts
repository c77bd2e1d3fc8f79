import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WARMUP_TURN } from "../../src/session/ledger/ledger-row.js";
import { hasTmux, type Pane, quitTui } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

/** A session's requests in its ledger (warm-up aside): uncached input plus output, as a goal counts. */
function ledgerTokens(home: string, sessionId: string): number {
  const ledger = join(home, "sessions", `${sessionId}.ledger.jsonl`);
  let tokens = 0;
  for (const line of readFileSync(ledger, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const row = JSON.parse(line) as {
      turn: number;
      usage: { input_tokens: number; cached_tokens: number; output_tokens: number } | null;
    };
    if (row.turn === WARMUP_TURN || !row.usage) continue;
    tokens += row.usage.input_tokens - row.usage.cached_tokens + row.usage.output_tokens;
  }
  return tokens;
}

const BANNER = /session ([0-9a-f-]{36})/;

/** The session is open (its banner names it) and no turn runs: a slash command is taken. */
async function ready(p: Pane): Promise<string> {
  await p.until(() => p.idle() && BANNER.test(p.screen()), "the TUI, its session open");
  return BANNER.exec(p.screen())?.[1] as string;
}

// Issue 46 item 2 in a real terminal: /goal on the demo provider keeps working turn after turn
// until the model reports the goal met, or stops before a request would pass its token budget.
describe.skipIf(!hasTmux)("TUI in tmux: /goal", () => {
  const tui = useTuiWorld();

  it("meets a goal over three turns with the state shown; /goal says it; the next message is answered", async () => {
    const p = tui.open([], 120, 40);
    await ready(p);
    p.type("/goal count to 3 in goal.txt");
    await p.until(() => p.screen().includes("goal set: count to 3 in goal.txt"), "the goal set");
    await p.until(() => p.screen().includes("goal turn 3"), "the third turn", 60_000);
    await p.until(() => p.statusBar().includes("goal met"), "the goal met", 60_000);
    await p.until(() => p.idle(), "the turn to end");
    expect(readFileSync(join(tui.world.repo, "goal.txt"), "utf8")).toBe("1\n2\n3\n");
    expect(p.screen()).toContain("goal met: goal.txt counts to 3");
    expect(p.statusBar()).toContain("goal met · 3 turns");

    p.type("/goal");
    await p.until(() => p.screen().includes("state: met"), "/goal's answer");
    expect(p.screen()).toMatch(/spent: [\d,]+ tokens .*3 turns/);

    p.type("thanks");
    await p.until(() => p.screen().includes("You said: thanks"), "the next answer");
    await p.until(() => p.idle(), "the turn to end");
    // a goal met starts no turn of its own
    expect(readFileSync(join(tui.world.repo, "goal.txt"), "utf8")).toBe("1\n2\n3\n");
    await quitTui(p);
  }, 120_000);

  it("stops at its token budget before a request would pass it, says so, and comes back so on resume; Esc pauses it", async () => {
    const p = tui.open([], 120, 40);
    const sessionId = await ready(p);
    p.type("/goal --tokens 3000 count forever in forever.txt");
    await p.until(() => p.screen().includes("goal turn 2"), "a second turn", 60_000);
    await p.until(() => p.statusBar().includes("goal budget reached"), "the budget's stop", 90_000);
    await p.until(() => p.idle(), "the turn to end");
    expect(p.screen()).toMatch(/goal budget reached: token budget: [\d,]+ tokens of 3,000 tokens/);

    p.type("/goal");
    await p.until(() => p.screen().includes("state: budget reached"), "/goal's answer");
    const spent = Number(/spent: ([\d,]+) tokens/.exec(p.screen())?.[1]?.replaceAll(",", ""));
    // what the goal counted is what the ledger billed, and it never passed the budget
    expect(ledgerTokens(tui.world.home, sessionId)).toBe(spent);
    expect(spent).toBeLessThanOrEqual(3000);
    const counted = readFileSync(join(tui.world.repo, "forever.txt"), "utf8").trim().split("\n");
    expect(counted.length).toBeGreaterThanOrEqual(2);

    await quitTui(p);

    // resumed, the goal is as it was; a larger budget takes it up again, and Esc pauses it
    const again = tui.open(["resume", sessionId], 120, 40);
    await again.until(() => again.statusBar().includes("goal budget reached"), "the goal back");
    again.type("/goal resume --tokens 6000");
    await again.until(() => again.screen().includes("goal resumed"), "the goal resumed");
    await again.until(
      () => again.screen().includes(`goal turn ${counted.length + 1}`),
      "its next turn",
      60_000,
    );
    again.keys("Escape");
    await again.until(() => again.screen().includes("goal paused: interrupted"), "the pause");
    await again.until(() => again.idle(), "the turn to end");
    expect(again.statusBar()).toContain("goal paused");
    const paused = readFileSync(join(tui.world.repo, "forever.txt"), "utf8");

    again.type("hello");
    await again.until(() => again.screen().includes("You said: hello"), "the next answer");
    await again.until(() => again.idle(), "the turn to end");
    // a paused goal starts no turn of its own
    expect(readFileSync(join(tui.world.repo, "forever.txt"), "utf8")).toBe(paused);
    await quitTui(again);
  }, 180_000);
});
