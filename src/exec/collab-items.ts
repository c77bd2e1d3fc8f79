import type { ToolEvent } from "../tools/index.js";
import type { ExecItem } from "./exec-event-types.js";

type AgentCallEvent = Extract<ToolEvent, { type: "agent_call" }>;

/**
 * A subagent tool call in `exec --json`, in the Codex CLI's `collab_tool_call` shape: the
 * tool (`wait` for wait_agent, as the Codex CLI names it there), who called (the session's
 * thread id), the agents it addressed, the task, and each agent's state when it ended.
 */
type CollabToolCallExecItem = Extract<ExecItem, { type: "collab_tool_call" }>;

export function collabItem(
  id: string,
  threadId: string,
  event: AgentCallEvent,
): CollabToolCallExecItem {
  return {
    id,
    type: "collab_tool_call",
    tool: event.tool === "wait_agent" ? "wait" : event.tool,
    sender_thread_id: threadId,
    receiver_thread_ids: [...event.receivers],
    prompt: event.prompt ?? null,
    agents_states: structuredClone(event.states),
    status: event.phase === "started" ? "in_progress" : event.ok ? "completed" : "failed",
  };
}
