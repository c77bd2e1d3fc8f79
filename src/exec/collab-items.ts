import type { ToolEvent } from "../tools/types.js";

type AgentCallEvent = Extract<ToolEvent, { type: "agent_call" }>;

/**
 * A subagent tool call in `exec --json`, in the Codex CLI's `collab_tool_call` shape: the
 * tool (`wait` for wait_agent, as the Codex CLI names it there), who called (the session's
 * thread id), the agents it addressed, the task, and each agent's state when it ended.
 */
export interface CollabToolCallExecItem {
  id: string;
  type: "collab_tool_call";
  tool: "spawn_agent" | "send_input" | "wait" | "close_agent";
  sender_thread_id: string;
  receiver_thread_ids: string[];
  prompt: string | null;
  agents_states: Record<string, { status: string; message: string | null }>;
  status: "in_progress" | "completed" | "failed";
}

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
