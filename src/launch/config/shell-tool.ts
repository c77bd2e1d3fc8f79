import type { ShellToolKind } from "../../tools/index.js";

/** `shell_tool` in config.toml (docs/config.md). */
type ShellToolSetting = "auto" | ShellToolKind;

/**
 * The command tool a session offers (pure): the configured one, or under `auto` the model
 * catalog's choice (`unified_exec` means exec_command and write_stdin), else shell_command.
 */
export function chosenShellTool(
  setting: ShellToolSetting | undefined,
  catalogShellType: "shell_command" | "unified_exec" | undefined,
): ShellToolKind {
  if (setting === "shell_command" || setting === "exec_command") return setting;
  return catalogShellType === "unified_exec" ? "exec_command" : "shell_command";
}
