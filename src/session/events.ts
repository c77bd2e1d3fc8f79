import type { ReasoningEffort, ResponseItem, ToolOutput, UsageFigures } from "../protocol/index.js";
import type { ToolEvent } from "../tools/index.js";
import type { CollaborationMode } from "./context/index.js";
import type { Goal } from "./goals/index.js";
import type { AgentView, RequestForecast } from "./ledger/index.js";

/**
 * The states of a tool call as front ends observe them: the tags of the tool-call pipeline's
 * union (src/turn/tool-calls/state.ts), in their order.
 */
export type ToolCallStatus =
  | "received"
  | "pre_tool_use"
  | "planned"
  | "awaiting_approval"
  | "running"
  | "done"
  | "refused"
  | "aborted";

/**
 * Where a message sent into the running turn is: `waiting` on the client for the next request
 * (it can be taken back), `sent` on the socket (`response.steer`: the server has it, it may
 * still come back), `committed` in the conversation (a request carried it, or the server did).
 */
export type SteerState = "waiting" | "sent" | "committed";

/** What the next request will be, given the current settings (status bar preview). */
export interface NextRequestPreview {
  mode: "incremental" | "full";
  reason?: string;
  /** The lane the next request goes to. */
  lane?: string;
  /** How many lanes the session will have then (the UI names the lane when more than one). */
  lanes?: number;
  /** In-band: the effort a configuration_update in the next request changes to. */
  effortUpdate?: ReasoningEffort;
  /** Its predicted input, cached share and cost (the message still to be typed aside). */
  forecast?: RequestForecast;
}

/**
 * The one event stream the TUI, exec and the tests consume. Every switch over it ends in an
 * exhaustive `never` check.
 */
export type SessionEvent =
  | { type: "turn_started"; turn: number }
  | { type: "request_started"; request: RequestStarted }
  | { type: "request_finished"; request: RequestFinished }
  | { type: "text_delta"; itemId: string; delta: string }
  | { type: "reasoning_delta"; itemId: string; delta: string }
  /** A model output item finished (message, reasoning, tool call), exactly as received. */
  | { type: "item_completed"; item: ResponseItem }
  | { type: "tool_call_started"; callId: string; name: string; kind: "function" | "custom" }
  | { type: "tool_call_finished"; callId: string; name: string; output: ToolOutput }
  /** A tool call entered a state of the tool-call pipeline (front ends may show it). */
  | { type: "tool_call_state"; callId: string; name: string; status: ToolCallStatus }
  | { type: "tool"; event: ToolEvent }
  | { type: "warning"; message: string }
  /** A steering message (its id from `steer`) moved: the TUI's pending area follows it. */
  | { type: "steer_state"; id: string; state: SteerState }
  /** History was replaced by a summary or a server compaction item (`/compact`, or automatically). */
  | {
      type: "compacted";
      auto: boolean;
      /** `remote`: the server's compaction item; `local`: the model's summary. */
      kind: "remote" | "local";
      trigger: CompactionFacts["trigger"];
      itemsBefore: number;
      itemsAfter: number;
      /** Input tokens of the last response before it (what the model had to read). */
      inputTokensBefore: number;
    }
  | {
      type: "settings_changed";
      model: string;
      effort?: ReasoningEffort;
      /** The collaboration mode (absent: default). */
      mode?: CollaborationMode;
      next: NextRequestPreview;
    }
  /** A subagent was spawned, sent a request, or changed status (`/agents`, the transcript). */
  | { type: "agent_update"; agent: AgentView }
  /** The session's goal changed (`change` says how); `goal` is it now, undefined once cleared. */
  | { type: "goal_updated"; change: GoalChange; goal: Goal | undefined }
  | { type: "turn_completed"; turn: number; usage: UsageFigures; lastMessage?: string }
  | { type: "turn_failed"; turn: number; message: string; aborted: boolean };

export type SessionEventListener = (event: SessionEvent) => void;

import type { GoalChange } from "./goals/index.js";
import type { CompactionFacts, RequestFinished, RequestStarted } from "./ledger/index.js";
