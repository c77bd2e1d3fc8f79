import { describe, expect, it } from "vitest";
import { hasTmux, type Pane, quitTui } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 37, smaller item, in a real terminal: /rewind after /compact offered only the message
// after it, as "1.", marked "(current)".
describe.skipIf(!hasTmux)("TUI /rewind after /compact (tmux)", () => {
  const tui = useTuiWorld();
  const say = async (p: Pane, text: string) => {
    p.type(text);
    await p.until(
      () => p.screen().includes(`You said: ${text}`) && p.idle(),
      `the answer to ${text}`,
    );
  };

  it("lists every message, the earlier ones marked; going back to one brings its conversation back", async () => {
    const p = tui.open([], 110, 40);
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    await say(p, "alpha message");
    await say(p, "beta message");
    p.type("/compact");
    await p.until(() => p.screen().includes("Context compacted") && p.idle(), "the compaction");
    await say(p, "gamma message");

    p.type("/rewind");
    await p.until(() => p.screen().includes("Rewind to before which message?"), "the list");
    const screen = p.screen();
    expect(screen).toContain("1. alpha message (before a compaction)");
    expect(screen).toContain("2. beta message (before a compaction)");
    expect(screen).toMatch(/› 3\. gamma message\s/);
    expect(screen).not.toContain("(current)");
    p.keys("Up", "Enter");
    await p.until(() => p.screen().includes("before message 2: what?"), "the modes");
    expect(p.screen()).not.toContain("(current)");
    p.keys("Up", "Enter"); // both → conversation
    await p.until(() => /│ ›\s+beta message/.test(p.screen()), "the message in the composer");
    p.keys("C-u");
    const before = tui.server.requests.length;
    await say(p, "beta again");
    // the conversation before beta, as it was: alpha's exchange, not the summary or gamma
    const sent = JSON.stringify(tui.server.requests.slice(before).map((r) => r.body));
    expect(sent).toContain("You said: alpha message");
    expect(sent).not.toContain("gamma message");
    await quitTui(p);
  }, 120_000);
});
