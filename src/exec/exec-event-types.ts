import type { UsageFigures } from "../protocol/events.js";
import type { GoalJson } from "../session/goal-lines.js";
import type { LedgerRow } from "../session/ledger-row.js";
import type { CollabToolCallExecItem } from "./collab-items.js";
import type { ImageViewExecItem } from "./image-items.js";
import type { McpToolCallExecItem, WebSearchExecItem } from "./mcp-items.js";

/** Items of `exec --json` (docs/config.md, "exec --json events"). */
export type ExecItem =
  | { id: string; type: "agent_message"; text: string }
  | { id: string; type: "reasoning"; text: string }
  | {
      id: string;
      type: "command_execution";
      command: string;
      aggregated_output: string;
      exit_code?: number;
      status: "in_progress" | "completed" | "failed";
    }
  | {
      id: string;
      type: "file_change";
      changes: Array<{ path: string; kind: "add" | "delete" | "update" }>;
      status: "completed" | "failed";
    }
  | { id: string; type: "todo_list"; items: Array<{ text: string; completed: boolean }> }
  | McpToolCallExecItem
  | WebSearchExecItem
  | ImageViewExecItem
  | CollabToolCallExecItem
  | ReviewFindingExecItem
  | { id: string; type: "error"; message: string };

/** One finding of `exec review --json` (after the review turn's own items). */
export interface ReviewFindingExecItem {
  id: string;
  type: "review_finding";
  title: string;
  body: string;
  priority: number;
  confidence_score: number;
  file: string;
  line_start: number;
  line_end: number;
}

export interface ExecUsage {
  input_tokens: number;
  cached_input_tokens: number;
  cache_write_input_tokens: number;
  output_tokens: number;
  reasoning_output_tokens: number;
}

export type ExecEvent =
  | { type: "thread.started"; thread_id: string }
  | { type: "turn.started" }
  | { type: "item.started" | "item.updated" | "item.completed"; item: ExecItem }
  | { type: "turn.completed"; usage: ExecUsage; cost: ExecCost; plan_usage?: ExecPlanUsage }
  | { type: "turn.failed"; error: { message: string }; plan_usage?: ExecPlanUsage }
  | { type: "error"; message: string }
  /** mini-codex's own (`exec --goal`): the goal set, before its first turn. */
  | { type: "goal.started"; goal: GoalJson }
  /** Before each further turn of the goal (`turn`: its number, 2 on), with what it spent. */
  | { type: "goal.continued"; turn: number; goal: GoalJson }
  /** The goal's final state, after its last turn: met, blocked, a budget, the usage limit. */
  | { type: "goal.finished"; goal: GoalJson };

/**
 * mini-codex's own field on `turn.completed` / `turn.failed` when the Codex backend reports plan
 * usage (the Codex CLI's exec JSON has none): the windows after the turn, as the ledger's
 * `plan_usage`, and the points of the 5-hour window the turn used (null: no figure before it).
 */
export type ExecPlanUsage = NonNullable<LedgerRow["plan_usage"]> & { turn_points: number | null };

/**
 * mini-codex's own field beside `usage` in `turn.completed` (the Codex SDK ignores it): the
 * turn's cost in US dollars and the part cache misses added, or, when a request's model has
 * no known price, `usd: null` and the models without one.
 */
export type ExecCost =
  | { currency: "USD"; usd: number; cache_miss_usd: number }
  | { currency: "USD"; usd: null; no_price: string[] };

export function toExecUsage(usage: UsageFigures): ExecUsage {
  return {
    input_tokens: usage.input_tokens,
    cached_input_tokens: usage.cached_tokens,
    cache_write_input_tokens: 0,
    output_tokens: usage.output_tokens,
    reasoning_output_tokens: usage.reasoning_tokens,
  };
}
