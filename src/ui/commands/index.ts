import { agentsCommand } from "./agents.js";
import { compactCommand } from "./compact.js";
import { copyCommand } from "./copy.js";
import { diffCommand } from "./diff.js";
import { effortCommand } from "./effort.js";
import { exportCommand } from "./export.js";
import { forkCommand } from "./fork.js";
import { goalCommand } from "./goal.js";
import { helpCommand } from "./help.js";
import { initCommand } from "./init.js";
import { ledgerCommand } from "./ledger.js";
import { mcpCommand } from "./mcp.js";
import { modelCommand } from "./model.js";
import { newCommand } from "./new.js";
import { permissionsCommand, rulesCommand } from "./permissions.js";
import { planCommand } from "./plan.js";
import { psCommand } from "./ps.js";
import { quitCommand } from "./quit.js";
import { resumeCommand } from "./resume.js";
import { reviewCommand } from "./review.js";
import { rewindCommand } from "./rewind.js";
import { skillsCommand } from "./skills.js";
import { statusCommand } from "./status.js";
import { stopCommand } from "./stop.js";
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
