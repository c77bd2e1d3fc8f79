import { errorMessage } from "../../protocol/error-message.js";
import { parseSlashCommand } from "./index.js";
import { commandsOf } from "./prompt-commands.js";
import type { CommandContext } from "./types.js";

export type CommandDeps = Omit<CommandContext, "args" | "commands" | "session"> & {
  session: CommandContext["session"] | undefined;
  busy: boolean;
};

/** Run `text` if it is a slash command (true), else leave it for the model (false). */
export function runSlashCommand(text: string, deps: CommandDeps): boolean {
  const commands = commandsOf(deps.session);
  const parsed = parseSlashCommand(text, commands);
  if (!parsed) return false;
  const { session, busy, ...rest } = deps;
  const warn = (level: "warning" | "error", message: string) =>
    deps.print({ kind: "notice", level, text: message });
  if (!parsed.command) {
    warn("error", `Unknown command /${parsed.name}. Try /help.`);
    return true;
  }
  if (!session) {
    warn("warning", "The session is still starting.");
    return true;
  }
  if (!parsed.command.allowedWhileBusy && busy) {
    warn("warning", `/${parsed.name} waits for the turn to finish: try again after it.`);
    return true;
  }
  const command = parsed.command;
  const ctx: CommandContext = { ...rest, session, args: parsed.args, commands };
  Promise.resolve()
    .then(() => command.run(ctx))
    .catch((error: unknown) => warn("error", `/${parsed.name} failed: ${errorMessage(error)}`));
  return true;
}
