/**
 * src/ui/commands: the TUI's slash commands. A command is one file (in `session/` when it acts
 * on the session, in `info/` when it shows something) and one line in command-list.ts; the
 * input routes `/name args` here (`runSlashCommand`), the composer's popup lists `commandsOf`.
 */
export { runSlashCommand } from "./dispatch.js";
export { commandsOf } from "./prompt-commands.js";
export type { SlashCommand } from "./types.js";
