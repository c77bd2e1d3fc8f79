import type { AgentToolName, ToolContext, ToolEvent } from "../../tools/index.js";
import type { ChildAgent } from "./child-agent.js";

type AgentCallEvent = Extract<ToolEvent, { type: "agent_call" }>;

/** A subagent tool call started or ended (exec --json's `collab_tool_call`, the transcript). */
export function agentCall(
  callId: string,
  phase: AgentCallEvent["phase"],
  tool: AgentToolName,
  receivers: string[],
  prompt?: string,
  states: AgentCallEvent["states"] = {},
  ok = true,
): AgentCallEvent {
  return {
    type: "agent_call",
    callId,
    phase,
    tool,
    receivers,
    ...(prompt ? { prompt } : {}),
    states,
    ok,
  };
}

/** The agents' states as exec --json reports them: status and last message (or error). */
export function agentStates(children: readonly ChildAgent[]): AgentCallEvent["states"] {
  const states: AgentCallEvent["states"] = {};
  for (const child of children) {
    const view = child.snapshot();
    const message = view.status === "errored" ? view.error : view.lastMessage;
    states[child.id] = { status: view.status, message: message ?? null };
  }
  return states;
}

/** A call refused before it did anything: reported as a failed call; the text is what the model reads. */
export function refusal(
  ctx: ToolContext,
  tool: AgentToolName,
  message: string,
  prompt?: string,
): string {
  ctx.emit(agentCall(ctx.callId, "started", tool, [], prompt));
  ctx.emit(agentCall(ctx.callId, "finished", tool, [], prompt, {}, false));
  return message;
}
