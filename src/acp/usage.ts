import type { SessionUpdate } from "@agentclientprotocol/sdk";
import type { PlanUsage, UsageFigures } from "../protocol/index.js";
import type { RequestFinished, SessionStatus } from "../session/index.js";
import {
  addRequestCost,
  addUsage,
  type LedgerCost,
  ledgerRow,
  noUsage,
  planUsageCell,
  requestUsage,
  share,
} from "../session/index.js";
import { ownMeta } from "./own-meta.js";

// What each request cost and why, for the editor: a `usage_update` after every request of the
// session (context used and size, the session's cost when it pays per token) with the request's
// ledger facts under `_meta["mini-codex"]` — its mode and why it was full, cached tokens, what
// the misses cost, the next request's forecast, plan usage on a ChatGPT plan — and the turn's
// totals for the prompt response. Pure: from the session's events and status.

/** The request as its ledger line says it (docs/protocol.md, "The ledger"), without the cache key. */
function requestFacts(request: RequestFinished, sessionId: string) {
  const { prompt_cache_key: _key, ...row } = ledgerRow(request, { sessionId, promptCacheKey: "" });
  return row;
}

/** The session's cost as ACP's `cost`: dollars when every request had a price; a plan pays none. */
function sessionCost(status: SessionStatus): { amount: number; currency: string } | null {
  const { cost } = status.totals;
  if (status.costDisplay !== "dollars" || cost.unpriced.length > 0) return null;
  return { amount: Math.round(cost.usd * 1e6) / 1e6, currency: "USD" };
}

export function usageUpdate(
  request: RequestFinished,
  status: SessionStatus,
  contextWindow: number | undefined,
): SessionUpdate {
  const usage = request.usage;
  const used = usage ? usage.input_tokens + usage.output_tokens : 0;
  const { totals } = status;
  return {
    sessionUpdate: "usage_update",
    used,
    size: contextWindow ?? used,
    cost: sessionCost(status),
    _meta: ownMeta({
      request: requestFacts(request, status.sessionId),
      next: status.next,
      session: {
        requests: totals.requests,
        incremental_requests: totals.incrementalRequests,
        input_tokens: totals.inputTokens,
        cached_tokens: totals.cachedTokens,
        output_tokens: totals.outputTokens,
        cost_usd: totals.cost.unpriced.length > 0 ? null : totals.cost.usd,
        cost_display: status.costDisplay,
      },
      ...(request.planUsage ? { plan_usage: planUsageCell(request.planUsage) } : {}),
    }),
  };
}

/** One prompt turn's requests added up (the prompt response's `_meta`). */
export class TurnTotals {
  private requests = 0;
  private incremental = 0;
  private usage: UsageFigures = noUsage();
  private readonly cost: LedgerCost = {
    usd: 0,
    missUsd: 0,
    savedUsd: 0,
    byModel: {},
    unpriced: [],
  };
  private planBefore: PlanUsage | undefined;
  private planAfter: PlanUsage | undefined;

  /** `plan`: the plan usage the session knew before the turn (its share is counted from it). */
  constructor(plan?: PlanUsage) {
    this.planBefore = plan;
  }

  add(request: RequestFinished): void {
    this.requests += 1;
    if (request.mode === "ws_incremental") this.incremental += 1;
    this.usage = addUsage(this.usage, requestUsage(request));
    addRequestCost(this.cost, request);
    if (request.planUsage) {
      this.planBefore ??= request.planUsage;
      this.planAfter = request.planUsage;
    }
  }

  facts(costDisplay: SessionStatus["costDisplay"]) {
    const priced = this.cost.unpriced.length === 0 && costDisplay === "dollars";
    return {
      requests: this.requests,
      incremental_requests: this.incremental,
      input_tokens: this.usage.input_tokens,
      cached_tokens: this.usage.cached_tokens,
      output_tokens: this.usage.output_tokens,
      reasoning_tokens: this.usage.reasoning_tokens,
      cost_usd: priced ? this.cost.usd : null,
      cache_miss_usd: priced ? this.cost.missUsd : null,
      saved_usd: priced ? this.cost.savedUsd : null,
      ...(this.cost.unpriced.length > 0 ? { no_price: [...this.cost.unpriced] } : {}),
      ...(this.planAfter
        ? {
            plan_usage: planUsageCell(this.planAfter),
            plan_points: share(this.planBefore?.primary, this.planAfter.primary),
          }
        : {}),
    };
  }
}
