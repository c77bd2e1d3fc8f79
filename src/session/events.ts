import type { UsageFigures } from "../protocol/events.js";
import type { ResponseItem } from "../protocol/items.js";
import type { PlanUsage } from "../protocol/plan-usage.js";
import type { ReasoningEffort } from "../protocol/request.js";
import type { ToolOutput } from "../protocol/tool-output.js";
import type { ToolEvent } from "../tools/types.js";
import type { TransportKind } from "../transport/types.js";
import type { AgentTag } from "./agent-lanes.js";
import type { AgentView } from "./agent-view.js";
import type { CollaborationMode } from "./collaboration-mode.js";
import type { Goal } from "./goal-state.js";
import type { RequestForecast } from "./request-forecast.js";
import type { ServerCacheAnswer } from "./server-cache.js";

export type RequestMode = "ws_full" | "ws_incremental" | "http_full";

/**
 * Where a message sent into the running turn is: `waiting` on the client for the next request
 * (it can be taken back), `sent` on the socket (`response.steer`: the server has it, it may
 * still come back), `committed` in the conversation (a request carried it, or the server did).
 */
export type SteerState = "waiting" | "sent" | "committed";

/** What was sent for one request (docs/protocol.md, "The ledger"), before its response arrives. */
export interface RequestStarted {
  seq: number;
  turn: number;
  transport: TransportKind;
  mode: RequestMode;
  /** Why a full request was sent (undefined when incremental). Never contains prompt text. */
  reason?: string;
  /** The lane's short label (`medium`, `gpt-5-codex·high`; `default` with lanes off). */
  lane: string;
  /** How many lanes the session has (the UI names the lane when more than one). */
  lanes?: number;
  previousResponseIdPresent: boolean;
  model: string;
  /** The effort in force: the last configuration_update of the input, else request-level. */
  effort?: ReasoningEffort;
  /** In-band: the effort a configuration_update in the sent input changed to. */
  effortUpdate?: ReasoningEffort;
  /** Where the model catalog's facts for `model` came from (bundled, discovered, configured). */
  modelSource?: string;
  /** The request's `service_tier`, when it set one (prices depend on it). */
  serviceTier?: string;
  itemsTotal: number;
  itemsSent: number;
  bytesSent: number;
  warmup: boolean;
  /** Cache options: the response whose prefix the request expects to reuse (asks for diagnostics). */
  cacheComparison?: string;
  /** A subagent's request: which agent, and its parent (the ledger's `agent`). */
  agent?: AgentTag;
}

export type RequestOutcome =
  | "completed"
  | "failed"
  | "incomplete"
  | "error"
  | "dropped"
  | "aborted"
  | "retried";

/** What one request's prefix shared with earlier ones, and why its cache fell short (docs/protocol.md). */
export interface RequestCacheFacts {
  /** A short hash of the compared fields and the input's hash chain. */
  prefixDigest: string;
  /** The earlier request of the session with the longest common input prefix. */
  sharedPrefix: { seq: number; items: number } | null;
  /** null: nothing was lost (or not completed); else `prefix_changed:…`, `cache_cold:<m>`, … */
  diagnosis: string | null;
  /** The server's own diagnosis (cache options only) and whether it agrees with `diagnosis`. */
  server?: ServerCacheFacts;
  /**
   * Tokens of a prefix the server had seen before that it did not serve from cache (the
   * client's estimate: the earlier request's prompt, up to this one's, less what was cached).
   */
  missedTokens?: number;
  /** What was predicted for this request before it was sent (docs/protocol.md, "Cost prediction"). */
  predicted?: RequestForecast;
}

/** The server's answer beside the client's: agrees null when the two cannot be compared. */
export interface ServerCacheFacts extends ServerCacheAnswer {
  comparedWith: string | null;
  agrees: boolean | null;
}

/** What a completed request cost in US dollars (absent: no usage, or no price for the model). */
export interface RequestCost {
  usd: number;
  /** The part a cache miss added: `missedTokens` at the uncached rate instead of the cached one. */
  missUsd: number;
  /** What the cached tokens would have cost more at the uncached rate. */
  savedUsd: number;
}

export interface RequestFinished extends RequestStarted {
  responseId?: string;
  /** Usage of the response `responseId` names (after steering, the successor's). */
  usage?: UsageFigures;
  /**
   * Usage of each response steering cut before it (socket steering, in order): billed too, so
   * the ledger's tokens and cost add them (`requestUsage`).
   */
  steeredUsage?: UsageFigures[];
  msToFirstEvent?: number;
  msTotal: number;
  outcome: RequestOutcome;
  /** `prompt_cache_diagnostics` of the completed response, when the server sent one. */
  serverCache?: ServerCacheAnswer;
  /** The Codex backend's plan usage after this request (response headers or `codex.rate_limits`). */
  planUsage?: PlanUsage;
  /** Set by the session once the request is finished (absent in a ledger-less replay). */
  cache?: RequestCacheFacts;
  /** Set by the session when the request reported usage and its model has a price. */
  cost?: RequestCost;
  /** A compaction request: how it compacted and why (its usage is what the compaction cost). */
  compaction?: CompactionFacts;
}

/** What a compaction request was for (the ledger's `compaction`). */
export interface CompactionFacts {
  /** `remote`: a `compaction_trigger` request; `local`: a summary the client asked for. */
  kind: "remote" | "local";
  /** `manual` (/compact), `limit` (past the auto-compact limit), `cold` (idle past the cache TTL). */
  trigger: "manual" | "limit" | "cold";
  /** History items before, and the input tokens the last request read (what it may free). */
  itemsBefore: number;
  tokensBefore: number;
}

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

/**
 * How a goal changed: `set`, `resumed`, `paused`, `cleared` by the person (or an interrupt,
 * a failed turn); `turn`: one of its turns starts (its spend so far); `spent`: a request or a
 * turn of it ended;
 * `reported`: the model called update_goal; `stopped`: a budget or the usage limit ended it.
 */
export type GoalChange =
  | "set"
  | "turn"
  | "spent"
  | "reported"
  | "stopped"
  | "paused"
  | "resumed"
  | "cleared";

export function assertNever(value: never): never {
  throw new Error(`unhandled variant: ${JSON.stringify(value)}`);
}
