import type { UsageFigures } from "../protocol/events.js";
import { type ResponseItem, userMessage } from "../protocol/items.js";
import { toolOutputText } from "../protocol/tool-output.js";
import { USER_SHELL_TAG } from "../session/message-markers.js";
import { noUsage } from "../session/usage.js";
import { runToolCall } from "./tool-calls/index.js";
import type { TurnContext } from "./turn-context.js";
import { TurnAbortedError } from "./turn-loop.js";

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
    `${USER_SHELL_TAG}\n<command>${command}</command>\n<result>\n${output}\n</result>\n</user_shell_command>`,
  );
}

/**
 * The `!command` turn: run it through the shell tool (no approval: the person typed it), with
 * events, then keep it as context for the person's next message.
 */
export async function runUserShellTurn(
  command: string,
  ctx: TurnContext,
): Promise<{ usage: UsageFigures }> {
  const call = {
    type: "function_call" as const,
    name: "shell_command",
    call_id: userShellCallId(ctx.turn),
    arguments: JSON.stringify({ command }),
  };
  // the person's own: no hooks, no approval, and its output is not a model call's
  const { output } = await runToolCall(call, ctx, "person");
  if (ctx.signal.aborted) throw new TurnAbortedError();
  ctx.append([userShellContext(command, toolOutputText(output))]);
  return { usage: noUsage() };
}
