import {
  ABORTED_OUTPUT,
  type ResponseItem,
  type ToolCallItem,
  toolOutputFor,
} from "../protocol/items.js";
import { modeRefusal } from "../session/plan-mode-gate.js";
import type { TurnContext } from "./turn-context.js";

/**
 * Run the calls of one response in order. A call that never ran (the turn was interrupted)
 * gets an `aborted` output, so history always pairs every call with an output.
 */
export async function runToolCalls(
  calls: readonly ToolCallItem[],
  ctx: TurnContext,
): Promise<void> {
  for (const call of calls) {
    if (ctx.signal.aborted) {
      ctx.append([toolOutputFor(call, ABORTED_OUTPUT)]);
      continue;
    }
    ctx.emit({
      type: "tool_call_started",
      callId: call.call_id,
      name: call.name,
      kind: call.type === "function_call" ? "function" : "custom",
    });
    // the collaboration mode judges the call before it runs (plan mode is read-only)
    const canAsk = ctx.askUser !== undefined;
    const refused = modeRefusal(ctx.mode ?? "default", { kind: "call", tool: call.name, canAsk });
    const output =
      refused ??
      (await ctx.tools.execute(call, {
        callId: call.call_id,
        cwd: ctx.cwd,
        workspaceRoots: ctx.workspaceRoots,
        sandbox: ctx.sandbox,
        signal: ctx.signal,
        emit: (event) => ctx.emit({ type: "tool", event }),
        warn: (message) => ctx.emit({ type: "warning", message }),
        ...(ctx.approve ? { approve: ctx.approve } : {}),
        ...(ctx.askUser ? { askUser: ctx.askUser } : {}),
        ...(ctx.recordPatchIntent
          ? { recordPatchIntent: (intent) => ctx.recordPatchIntent?.(call.call_id, intent) }
          : {}),
      }));
    // appended as soon as it exists, so nothing applied is lost
    ctx.append([toolOutputFor(call, output)]);
    ctx.emit({ type: "tool_call_finished", callId: call.call_id, name: call.name, output });
  }
}

/** Outputs for calls that will not run at all (e.g. the tool round limit was reached). */
export function skippedOutputs(calls: readonly ToolCallItem[], why: string): ResponseItem[] {
  return calls.map((call) => toolOutputFor(call, why));
}
