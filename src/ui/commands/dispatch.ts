import { errorMessage } from "../../protocol/index.js";
import type { TuiController } from "../controller/index.js";
import type { TranscriptEntryBody } from "../model/index.js";
import { parseSlashCommand } from "./command-list.js";
import { commandsOf } from "./prompt-commands.js";
import type { CommandContext } from "./types.js";

/** Run `text` if it is a slash command (true), else leave it for the model (false). */
export function runSlashCommand(text: string, controller: TuiController): boolean {
  const parsed = parseSlashCommand(text, commandsOf(controller.session));
  if (!parsed) return false;
  const warn = (level: "warning" | "error", message: string) => controller.notice(level, message);
  if (!parsed.command) {
    warn("error", `Unknown command /${parsed.name}. Try /help.`);
    return true;
  }
  if (!controller.session) {
    warn("warning", "The session is still starting.");
    return true;
  }
  if (!parsed.command.allowedWhileBusy && controller.busy) {
    warn("warning", `/${parsed.name} waits for the turn to finish: try again after it.`);
    return true;
  }
  const command = parsed.command;
  const ctx: CommandContext = {
    controller: controller as CommandContext["controller"],
    args: parsed.args,
    print: (...entries: TranscriptEntryBody[]) => controller.print(...entries),
  };
  Promise.resolve()
    .then(() => command.run(ctx))
    .catch((error: unknown) => warn("error", `/${parsed.name} failed: ${errorMessage(error)}`));
  return true;
}
