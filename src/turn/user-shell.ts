import type { UsageFigures } from "../protocol/events.js";
import { type ResponseItem, userMessage } from "../protocol/items.js";
import { toolOutputText } from "../protocol/tool-output.js";
import type { SessionOptions } from "../session/api.js";
import type { SessionEvent } from "../session/events.js";
import { USER_SHELL_TAG } from "../session/message-markers.js";
import { noUsage } from "../session/usage.js";
import type { ToolContext, ToolRouter } from "../tools/types.js";
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

/** Run the person's command through the shell tool (no approval: they typed it), with events. */
export async function runUserShellCommand(
  command: string,
  deps: {
    callId: string;
    tools: ToolRouter;
    context: Omit<ToolContext, "callId" | "emit" | "approve">;
    emit(event: SessionEvent): void;
  },
): Promise<string> {
  const { callId, emit } = deps;
  const call = {
    type: "function_call" as const,
    name: "shell_command",
    call_id: callId,
    arguments: JSON.stringify({ command }),
  };
  emit({ type: "tool_call_started", callId, name: call.name, kind: "function" });
  const output = await deps.tools.execute(call, {
    ...deps.context,
    callId,
    emit: (event) => emit({ type: "tool", event }),
    warn: (message) => emit({ type: "warning", message }),
  });
  emit({ type: "tool_call_finished", callId, name: call.name, output });
  return toolOutputText(output);
}

/** The `!command` turn: run it, then keep it as context for the person's next message. */
export async function runUserShellTurn(
  command: string,
  turn: number,
  signal: AbortSignal,
  deps: {
    options: Pick<SessionOptions, "tools" | "cwd" | "workspaceRoots" | "sandbox">;
    emit(event: SessionEvent): void;
    append(items: ResponseItem[]): void;
  },
): Promise<{ usage: UsageFigures }> {
  const { tools, cwd, workspaceRoots, sandbox } = deps.options;
  const output = await runUserShellCommand(command, {
    callId: userShellCallId(turn),
    tools,
    context: { cwd, workspaceRoots, sandbox, signal },
    emit: deps.emit,
  });
  if (signal.aborted) throw new TurnAbortedError();
  deps.append([userShellContext(command, output)]);
  return { usage: noUsage() };
}
