import { type ResponseItem, userMessage } from "../protocol/items.js";

/** The call id of the person's `!command` number `turn` (not a model call: never in history). */
export function userShellCallId(turn: number): string {
  return `user_shell_${turn}`;
}

/**
 * What the model sees of a command the person ran with `!` (as the Codex CLI records it):
 * a user message with the command and its output, ahead of their next message.
 */
export function userShellContext(command: string, output: string): ResponseItem {
  return userMessage(
    `<user_shell_command>\n<command>${command}</command>\n<result>\n${output}\n</result>\n</user_shell_command>`,
  );
}
