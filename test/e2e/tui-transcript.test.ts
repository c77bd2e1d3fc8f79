import { describe, expect, it } from "vitest";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Ctrl+T: the transcript pager of the built binary's TUI, in tmux, while a command runs.
describe.skipIf(!hasTmux)("the transcript pager (tmux, demo server)", () => {
  const tuiWorld = useTuiWorld();

  it("opens over a running command, finds a word from an early message with /, and closes with Esc", async () => {
    const args = ["-c", 'approval_policy="never"', "-s", "danger-full-access"];
    const tui = tuiWorld.open(args, 100, 24);
    const shows = (text: string) => () => tui.screen().includes(text);
    await tui.until(shows("/help for commands"), "the TUI to start");
    tui.type("an early message about a zebra");
    await tui.until(shows("You said: an early message about a zebra"), "the first answer");
    for (let i = 1; i <= 6; i++) {
      tui.type(`filler message ${i}`);
      await tui.until(shows(`You said: filler message ${i}`), `filler ${i}`);
    }

    tui.type("run: sleep 8 && echo slept-well");
    await tui.until(shows("sleep 8"), "the command to start");
    tui.keys("C-t");
    await tui.until(shows(" Transcript · lines"), "the pager");
    expect(tui.screen()).not.toContain("Ran the command");
    tui.literal("/");
    tui.literal("zebra");
    await tui.until(shows("/zebra"), "the query being typed");
    tui.keys("Enter");
    await tui.until(shows('"zebra" at line'), "the match");
    const matched = tui
      .screen()
      .split("\n")
      .find((line) => line.includes("an early message about a zebra"));
    expect(matched).toBeDefined();

    tui.keys("Escape");
    await tui.until(() => !tui.screen().includes(" Transcript · lines"), "the pager to close");
    // the turn went on under the pager: the command finishes and the model answers
    await tui.until(shows("Ran the command"), "the command's answer", 30_000);
    // the composer is back for the next message once the turn ended (its checkpoint included)
    await tui.until(shows("Ask mini-codex"), "the composer", 30_000);
  }, 120_000);
});
