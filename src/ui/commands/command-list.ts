/** The TUI's slash commands, in /help's order, and reading `/name args` into one of them. */
import {
  agentsCommand,
  copyCommand,
  diffCommand,
  exportCommand,
  helpCommand,
  ledgerCommand,
  mcpCommand,
  permissionsCommand,
  psCommand,
  rulesCommand,
  skillsCommand,
  statusCommand,
  stopCommand,
} from "./info/index.js";
import {
  compactCommand,
  effortCommand,
  forkCommand,
  goalCommand,
  initCommand,
  modelCommand,
  newCommand,
  planCommand,
  quitCommand,
  resumeCommand,
  reviewCommand,
  rewindCommand,
  worktreeCommand,
} from "./session/index.js";
import type { SlashCommand } from "./types.js";
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  helpCommand(() => SLASH_COMMANDS),
  effortCommand,
  modelCommand,
  planCommand,
  statusCommand,
  ledgerCommand,
  mcpCommand,
  skillsCommand,
  permissionsCommand,
  rulesCommand,
  compactCommand,
  newCommand,
  resumeCommand,
  forkCommand,
  rewindCommand,
  diffCommand,
  copyCommand(),
  exportCommand,
  reviewCommand,
  psCommand,
  stopCommand,
  agentsCommand,
  worktreeCommand,
  goalCommand,
  initCommand,
  quitCommand,
];

/** `/name args` → the command and its argument text; undefined when not a slash command. */
export function parseSlashCommand(
  text: string,
  commands: readonly SlashCommand[] = SLASH_COMMANDS,
): { name: string; args: string; command?: SlashCommand } | undefined {
  const match = /^\/([a-z][\w-]*)\s*([\s\S]*)$/i.exec(text.trim());
  if (!match) return undefined;
  const name = (match[1] ?? "").toLowerCase();
  return {
    name,
    args: (match[2] ?? "").trim(),
    command: commands.find((c) => c.name === name),
  };
}
