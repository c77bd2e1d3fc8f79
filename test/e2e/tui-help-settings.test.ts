import { describe, expect, it } from "vitest";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// /help in the built binary's TUI shows the settings as this run has them: `-c` reaches it.
describe.skipIf(!hasTmux)("/help's settings in tmux", () => {
  const tui = useTuiWorld();

  it("a key set with -c shows its value and the default beside it; an unset key its default", async () => {
    const pane = tui.open(["-c", "shell_timeout_ms=4000"], 220, 60);
    const { screen, until, type } = pane;
    await until(() => screen().includes("/help for commands"), "the TUI to start");
    type("/help");
    await until(() => screen().includes("shell_max_timeout_ms"), "/help's settings");
    const line = (key: string) =>
      screen()
        .split("\n")
        .find((row) => row.trim().startsWith(key));
    expect(line("shell_timeout_ms ")).toMatch(
      /shell_timeout_ms\s+4000 \(default: none: shell_command stops a command after 10000 ms, exec_command lets it run until it ends\)/,
    );
    expect(line("max_tool_rounds")).toMatch(/max_tool_rounds\s+100\s*$/);
  }, 120_000);
});
