/**
 * What the ledger records of one request (docs/protocol.md, "The ledger"): what was sent, how it
 * ended, what its prefix shared with earlier ones and what it cost. The wire fills it in; the
 * ledger, the session's events and every front end read it.
 */
import type { PlanUsage, ReasoningEffort, UsageFigures } from "../../protocol/index.js";
import type { TransportKind } from "../../transport/index.js";
import type { RequestForecast } from "./request-forecast.js";
import type { ServerCacheAnswer } from "./server-cache.js";

/** Who a request is for when a subagent sends it (the ledger's `agent`). */
export interface AgentTag {
  /** The agent's id (what spawn_agent returned). */
  id: string;
  /** Its short name (`agent-1`): lane labels, the TUI, the bill. */
  name: string;
  /** The id of the agent that spawned it: the session id for a child of the session. */
  parent: string;
}

/** How a request went out: a full one on the socket, an incremental one, or a full one over HTTP. */
export const REQUEST_MODES = ["ws_full", "ws_incremental", "http_full"] as const;
export type RequestMode = (typeof REQUEST_MODES)[number];

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
