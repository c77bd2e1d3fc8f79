import type { UsageFigures } from "../protocol/index.js";
import {
  type FunctionCallItem,
  type ResponseItem,
  toolOutputText,
  userMessage,
} from "../protocol/index.js";
import { noUsage, USER_SHELL_TAG } from "../session/index.js";
import { runToolCall } from "./tool-calls/index.js";
import type { TurnContext } from "./turn-context.js";
import { TurnAbortedError } from "./turn-loop.js";

/** The call id of the person's `!command` number `turn` (not a model call: never in history). */
function userShellCallId(turn: number): string {
  return `user_shell_${turn}`;
}

/**
 * What the model sees of a command the person ran with `!` (as the Codex CLI records it):
 * a user message with the command and its output, ahead of their next message.
 */
function userShellContext(command: string, output: string): ResponseItem {
  return userMessage(
    `${USER_SHELL_TAG}\n<command>${command}</command>\n<result>\n${output}\n</result>\n</user_shell_command>`,
  );
}

/**
 * The call that runs the person's `command` with the shell tool the session offers (pure):
 * `shell_command`, else `exec_command` (gpt-5.5 and the gpt-6.x models have only that one).
 */
function userShellCall(
  command: string,
  offered: readonly string[],
  callId: string,
): FunctionCallItem {
  const execCommand = !offered.includes("shell_command") && offered.includes("exec_command");
  return {
    type: "function_call",
    name: execCommand ? "exec_command" : "shell_command",
    call_id: callId,
    arguments: JSON.stringify(execCommand ? { cmd: command } : { command }),
  };
}

/**
 * The `!command` turn: run it through the session's shell tool (no approval: the person typed
 * it), with events, then keep it as context for the person's next message.
 */
export async function runUserShellTurn(
  command: string,
  ctx: TurnContext,
): Promise<{ usage: UsageFigures }> {
  const offered = ctx.tools.specs().flatMap((spec) => ("name" in spec ? [spec.name] : []));
  const call = userShellCall(command, offered, userShellCallId(ctx.turn));
  // the person's own: no hooks, no approval, and its output is not a model call's
  const { output } = await runToolCall(call, ctx, "person");
  if (ctx.signal.aborted) throw new TurnAbortedError();
  ctx.append([userShellContext(command, toolOutputText(output))]);
  return { usage: noUsage() };
}
