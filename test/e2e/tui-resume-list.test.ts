import { describe, expect, it } from "vitest";
import { hasTmux, type Pane } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// The resume list (issue 26 item 4): what it offers and how a session is found, in tmux.

async function quit(pane: Pane): Promise<void> {
  pane.keys("C-c");
  await pane.until(() => pane.screen().includes("Ctrl+C again"), "the quit hint");
  pane.keys("C-c");
  await pane.until(() => !pane.alive(), "the TUI to quit");
  pane.kill();
}

const READY = "Esc interrupts · Ctrl+C twice quits";
const idle = (pane: Pane) => pane.idle();

describe.skipIf(!hasTmux)("the resume list (tmux, demo server)", () => {
  const tuiWorld = useTuiWorld();

  it("hides empty sessions, titles by the first typed message, shows the last model and a relative time, filters as you type", async () => {
    const tui = tuiWorld.open([], 110, 30);
    await tui.until(() => tui.screen().includes(READY), "the TUI");
    tui.type("!echo shell first");
    await tui.until(() => tui.screen().includes("shell first") && idle(tui), "the command");
    tui.type("otters are the title");
    await tui.until(() => tui.screen().includes("You said: otters are the title"), "the answer");
    await tui.until(() => idle(tui), "the turn's end");
    tui.type("/model gpt-5");
    await tui.until(() => tui.screen().includes("Model: gpt-5"), "the model change");
    await quit(tui);
    // a session nobody said anything in
    const empty = tuiWorld.open([], 110, 30);
    await empty.until(() => empty.screen().includes(READY), "the TUI");
    await quit(empty);

    const picker = tuiWorld.open(["resume"], 110, 30);
    await picker.until(() => picker.screen().includes("Resume a session (1)"), "one session");
    const row =
      picker
        .screen()
        .split("\n")
        .find((line) => line.includes("› ")) ?? "";
    expect(row).toMatch(/just now|1 min ago/);
    expect(row).toContain("otters are the title · 1 turn · gpt-5");
    expect(row).not.toContain("gpt-5-codex");
    expect(row).not.toContain("user_shell_command");
    picker.literal("walrus");
    await picker.until(() => picker.screen().includes("no session matches"), "the filter");
    expect(picker.screen()).toContain("Resume a session (0 of 1)");
    for (let i = 0; i < 6; i++) picker.keys("BSpace");
    picker.literal("otter");
    await picker.until(
      () => picker.screen().includes("Filter: otter") && picker.screen().includes("› "),
      "the match",
    );
    picker.keys("Enter");
    await picker.until(() => picker.screen().includes("Resumed session"), "the session");
    expect(picker.screen()).toContain("You said: otters are the title");
  }, 120_000);
});
