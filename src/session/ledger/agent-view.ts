import type { ReasoningEffort } from "../../protocol/index.js";
import type { AgentTag, RequestMode } from "./request-facts.js";
import type { RequestForecast } from "./request-forecast.js";

/**
 * Where a subagent is, in the Codex CLI's words: `pending_init` (waiting for a free slot),
 * `running` (a turn runs), `completed` / `errored` (its last turn ended so), `interrupted`
 * (stopped: Esc, or a follow-up that interrupts), `shutdown` (closed).
 */
export type AgentStatus =
  | "pending_init"
  | "running"
  | "completed"
  | "errored"
  | "interrupted"
  | "shutdown";

/** Statuses a wait ends on (the agent's turn is over). */
export function isFinalStatus(status: AgentStatus): boolean {
  return status !== "pending_init" && status !== "running";
}

/** How a subagent's first request went: on its parent's chain, or full and why. */
interface AgentStart {
  mode: RequestMode;
  reason?: string;
  inputTokens: number;
  cachedTokens: number;
  bytesSent: number;
  itemsSent: number;
  /** What caching saved on it (priced models). */
  savedUsd?: number;
}

/** One subagent as the TUI (`/agents`), exec and the exit summary see it. */
export interface AgentView extends AgentTag {
  /** `fork`: the whole conversation and the task; `isolated`: a brief and its own tools. */
  kind: "fork" | "isolated";
  task: string;
  status: AgentStatus;
  model: string;
  effort?: ReasoningEffort;
  requests: number;
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
  /** US dollars over its priced requests (undefined: none priced). */
  usd?: number;
  /** What caching saved on its requests (the cached tokens at the uncached rate, less their cost). */
  savedUsd: number;
  /** Its first request, once sent. */
  start?: AgentStart;
  /** Its first request as predicted before it ran (a fork on another model or effort says so). */
  forecast?: { mode: "incremental" | "full"; reason?: string; figures: RequestForecast };
  /**
   * Its responses stopped mid-stream (Esc, an interrupting follow-up, close): no cancel exists
   * for them, so the server generates and bills each to its end, and their usage is in no
   * figure here (docs/protocol.md, "Subagents").
   */
  stoppedResponses?: number;
  /** The last message of its last turn (what a wait returns). */
  lastMessage?: string;
  error?: string;
}

/** `[agents]` in config.toml (docs/config.md, "Subagents"). */
export interface AgentLimits {
  /** Subagent turns running at once; more wait for a free slot (`max_threads`, default 4). */
  maxThreads: number;
  /** How deep spawning goes: 1 = the session's children cannot spawn (`max_depth`, default 1). */
  maxDepth: number;
  /** What all subagents of a session may spend, in tokens (input + output) or US dollars. */
  budget?: { tokens?: number; usd?: number };
  /**
   * `cold`: a full fork starts as the Codex CLI's does, a full request under a prompt cache key
   * of its own (for comparison: `bench/subagents.mjs`); default `warm`, on its parent's chain.
   */
  forkStart?: "warm" | "cold";
}
