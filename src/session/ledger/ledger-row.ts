import { z } from "zod";
import type { PlanUsage, UsageWindow } from "../../protocol/index.js";
import { lazy } from "../../protocol/index.js";
import { REQUEST_MODES, type RequestFinished } from "./request-facts.js";
import type { RequestForecast } from "./request-forecast.js";
import { serverCacheCell, serverCacheCellSchema } from "./server-cache-tally.js";
import { requestUsage } from "./usage.js";

const usageCellSchema = lazy(() =>
  z.object({
    input_tokens: z.number(),
    cached_tokens: z.number(),
    output_tokens: z.number(),
    reasoning_tokens: z.number(),
  }),
);

const usageWindowCellSchema = lazy(() =>
  z.object({
    used_percent: z.number(),
    window_minutes: z.number().nullable(),
    resets_at: z.number().nullable(),
  }),
);

/** The Codex backend's plan windows after a request (also `exec --json`'s `plan_usage`). */
export const planUsageCellSchema = lazy(() =>
  z.object({
    plan_type: z.string().nullable(),
    primary: usageWindowCellSchema().nullable(),
    secondary: usageWindowCellSchema().nullable(),
  }),
);

/** One ledger line (docs/protocol.md, "The ledger"): figures only — no prompt text, no tool output, no key. */
export const ledgerRowSchema = lazy(() =>
  z.object({
    ts: z.string(),
    session_id: z.string(),
    turn: z.number(),
    seq: z.number(),
    transport: z.enum(["ws", "http"]),
    mode: z.enum(REQUEST_MODES),
    reason: z.string().nullable(),
    lane: z.string(),
    previous_response_id_present: z.boolean(),
    response_id: z.string().nullable(),
    prompt_cache_key: z.string(),
    model: z.string(),
    effort: z.string().nullable(),
    items_total: z.number(),
    items_sent: z.number(),
    bytes_sent: z.number(),
    // every response the request was billed for (after socket steering: the cut ones too)
    usage: usageCellSchema().nullable(),
    ms_to_first_event: z.number().nullable(),
    ms_total: z.number(),
    outcome: z.string(),
    // absent in ledgers written before the cache diagnosis: read as null
    prefix_digest: z.string().nullable().default(null),
    shared_prefix: z.object({ seq: z.number(), items: z.number() }).nullable().default(null),
    cache_diagnosis: z.string().nullable().default(null),
    // in-band: the effort a configuration_update in this request changed to (else lanes)
    effort_update: z.string().nullable().default(null),
    // where the model's facts came from: bundled, discovered, configured or fallback
    model_source: z.string().nullable().default(null),
    // a compaction request: remote or local, why, and what it started from (usage = its cost)
    compaction: z
      .object({
        kind: z.enum(["remote", "local"]),
        trigger: z.enum(["manual", "limit", "cold"]),
        items_before: z.number(),
        tokens_before: z.number(),
      })
      .nullable()
      .default(null),
    // the server's own prompt_cache_diagnostics (cache options only), beside cache_diagnosis
    server_cache: serverCacheCellSchema().nullable().default(null),
    // absent in ledgers written before costs: read as null (as for a model without a price)
    cache_missed_tokens: z.number().nullable().default(null),
    cost_usd: z.number().nullable().default(null),
    miss_cost_usd: z.number().nullable().default(null),
    saved_usd: z.number().nullable().default(null),
    // what was predicted before the request was sent (absent in older ledgers: null)
    predicted: z
      .object({
        input_tokens: z.number(),
        cached_tokens: z.number(),
        output_tokens: z.number(),
        cost_usd: z.number().nullable(),
      })
      .nullable()
      .default(null),
    // socket steering: the part of `usage` the responses it cut used (absent in older ledgers)
    steered_usage: usageCellSchema().nullable().default(null),
    // a subagent's request: the agent and its parent (null: the session's own; older ledgers)
    agent: z
      .object({ id: z.string(), name: z.string(), parent: z.string() })
      .nullable()
      .default(null),
    // the Codex backend's plan windows after this request (other providers, older ledgers: null)
    plan_usage: planUsageCellSchema().nullable().default(null),
  }),
);
export type LedgerRow = z.infer<ReturnType<typeof ledgerRowSchema>>;

/** The turn a warm-up is recorded under: it belongs to no turn (turns count from 1). */
export const WARMUP_TURN = 0;

export function ledgerRow(
  request: RequestFinished,
  context: { sessionId: string; promptCacheKey: string; now?: Date },
): LedgerRow {
  return {
    ts: (context.now ?? new Date()).toISOString(),
    session_id: context.sessionId,
    turn: request.turn,
    seq: request.seq,
    transport: request.transport,
    mode: request.mode,
    reason: request.reason ?? null,
    lane: request.lane,
    previous_response_id_present: request.previousResponseIdPresent,
    response_id: request.responseId ?? null,
    prompt_cache_key: context.promptCacheKey,
    model: request.model,
    effort: request.effort ?? null,
    items_total: request.itemsTotal,
    items_sent: request.itemsSent,
    bytes_sent: request.bytesSent,
    usage: requestUsage(request) ?? null,
    ms_to_first_event:
      request.msToFirstEvent === undefined ? null : Math.round(request.msToFirstEvent),
    ms_total: Math.round(request.msTotal),
    outcome: request.outcome,
    prefix_digest: request.cache?.prefixDigest ?? null,
    shared_prefix: request.cache?.sharedPrefix ?? null,
    cache_diagnosis: request.cache?.diagnosis ?? null,
    effort_update: request.effortUpdate ?? null,
    model_source: request.modelSource ?? null,
    compaction: request.compaction
      ? {
          kind: request.compaction.kind,
          trigger: request.compaction.trigger,
          items_before: request.compaction.itemsBefore,
          tokens_before: request.compaction.tokensBefore,
        }
      : null,
    server_cache: serverCacheCell(request.cache?.server),
    cache_missed_tokens: request.cache?.missedTokens ?? null,
    cost_usd: request.cost ? roundUsd(request.cost.usd) : null,
    miss_cost_usd: request.cost ? roundUsd(request.cost.missUsd) : null,
    saved_usd: request.cost ? roundUsd(request.cost.savedUsd) : null,
    predicted: predictedCell(request.cache?.predicted),
    steered_usage: requestUsage({ steeredUsage: request.steeredUsage }) ?? null,
    agent: request.agent ? { ...request.agent } : null,
    plan_usage: planUsageCell(request.planUsage),
  };
}

export function planUsageCell(usage: PlanUsage | undefined): LedgerRow["plan_usage"] {
  if (!usage) return null;
  const window = (w: UsageWindow | undefined) =>
    w
      ? {
          used_percent: w.usedPercent,
          window_minutes: w.windowMinutes ?? null,
          resets_at: w.resetsAt ?? null,
        }
      : null;
  return {
    plan_type: usage.planType ?? null,
    primary: window(usage.primary),
    secondary: window(usage.secondary),
  };
}

/** A ledger cell's plan windows as the session's (what /status and `mini-codex ledger` read). */
export function planUsageOfCell(cell: LedgerRow["plan_usage"]): PlanUsage | undefined {
  if (!cell) return undefined;
  const window = (w: NonNullable<LedgerRow["plan_usage"]>["primary"]): UsageWindow | undefined =>
    w
      ? {
          usedPercent: w.used_percent,
          ...(w.window_minutes !== null ? { windowMinutes: w.window_minutes } : {}),
          ...(w.resets_at !== null ? { resetsAt: w.resets_at } : {}),
        }
      : undefined;
  const primary = window(cell.primary);
  const secondary = window(cell.secondary);
  return {
    ...(primary ? { primary } : {}),
    ...(secondary ? { secondary } : {}),
    ...(cell.plan_type ? { planType: cell.plan_type } : {}),
  };
}

function predictedCell(forecast: RequestForecast | undefined): LedgerRow["predicted"] {
  if (!forecast) return null;
  return {
    input_tokens: forecast.inputTokens,
    cached_tokens: forecast.cachedTokens,
    output_tokens: forecast.outputTokens,
    cost_usd: forecast.usd === undefined ? null : roundUsd(forecast.usd),
  };
}

/** Dollars to a millionth of a cent: sums of many small requests stay exact enough. */
function roundUsd(usd: number): number {
  return Math.round(usd * 1e8) / 1e8;
}
