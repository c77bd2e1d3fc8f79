import type { ToolSpec } from "../../protocol/index.js";
import { asToolCall, type ResponseItem, toolOutputFor, userMessage } from "../../protocol/index.js";
import { leadingContext, toolDeclarationItem } from "../../session/index.js";

/** What a full fork sees as the answer to the call that spawned it. */
export const FORK_NOTE =
  "You are a subagent, forked from this conversation to do one task. The conversation so far is " +
  "your context. Your task is the next user message: do it, then answer with what you found or " +
  "did; your last message goes back to the agent that spawned you.";

/** What a fork sees as the answer to the other calls of that response (the parent runs them). */
export const SIBLING_NOTE = "left to the agent that spawned you; not part of your task";

/**
 * A full fork's history (pure): the parent's history as it stands at the spawn, every call in
 * it still without an output answered (the spawning one with `FORK_NOTE`, the others with
 * `SIBLING_NOTE`), then the task as a user message. Everything before the answers is the
 * parent's own prefix, so the fork's first request can continue the parent's last response
 * with only these items as its delta.
 */
export function forkHistory(
  parent: readonly ResponseItem[],
  spawnCallId: string,
  task: string,
): ResponseItem[] {
  const answered = new Set<string>();
  for (const item of parent) {
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      if (typeof item.call_id === "string") answered.add(item.call_id);
    }
  }
  const answers: ResponseItem[] = [];
  for (const item of parent) {
    const call = asToolCall(item);
    if (!call || answered.has(call.call_id)) continue;
    answered.add(call.call_id);
    answers.push(toolOutputFor(call, call.call_id === spawnCallId ? FORK_NOTE : SIBLING_NOTE));
  }
  return [...parent, ...answers, userMessage(task)];
}

/**
 * An isolated child's history (pure): the parent's leading context (developer and environment
 * messages; on a lite model the tools item, declaring the child's own `tools`), then the brief.
 */
export function isolatedHistory(
  parent: readonly ResponseItem[],
  tools: readonly ToolSpec[],
  brief: string,
): ResponseItem[] {
  const context: ResponseItem[] = [];
  let declared = false;
  for (const item of leadingContext(parent)) {
    if (item.type !== "additional_tools") context.push(item);
    else if (!declared) {
      context.push(toolDeclarationItem(tools));
      declared = true;
    }
  }
  return [...context, userMessage(brief)];
}
