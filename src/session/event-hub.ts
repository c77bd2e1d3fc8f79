import type { SessionStatus } from "./api.js";
import type { SessionEvent, SessionEventListener } from "./events.js";
import type { RequestFinished, WarmupTally } from "./ledger/index.js";
import { addRequestCost, type LedgerCost, requestUsage } from "./ledger/index.js";

/** The session's listeners; a listener that throws never breaks a turn. */
export class EventHub {
  private readonly listeners = new Set<SessionEventListener>();

  subscribe(listener: SessionEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SessionEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a broken listener must not break the turn
      }
    }
  }
}

/** Running totals for the status bar; the warm-ups' share apart as well (its own line). */
export class RequestTotals {
  private readonly totals: SessionStatus["totals"] = {
    requests: 0,
    incrementalRequests: 0,
    inputTokens: 0,
    cachedTokens: 0,
    outputTokens: 0,
    cost: emptyCost(),
  };
  private readonly warmup: WarmupTally = {
    requests: 0,
    inputTokens: 0,
    cachedTokens: 0,
    outputTokens: 0,
    cost: emptyCost(),
  };

  record(request: RequestFinished): void {
    addRequestCost(this.totals.cost, request);
    this.totals.requests += 1;
    if (request.mode === "ws_incremental") this.totals.incrementalRequests += 1;
    const usage = requestUsage(request);
    this.totals.inputTokens += usage?.input_tokens ?? 0;
    this.totals.cachedTokens += usage?.cached_tokens ?? 0;
    this.totals.outputTokens += usage?.output_tokens ?? 0;
    if (!request.warmup) return;
    addRequestCost(this.warmup.cost, request);
    this.warmup.requests += 1;
    this.warmup.inputTokens += usage?.input_tokens ?? 0;
    this.warmup.cachedTokens += usage?.cached_tokens ?? 0;
    this.warmup.outputTokens += usage?.output_tokens ?? 0;
  }

  snapshot(): SessionStatus["totals"] {
    const warmup = { ...this.warmup, cost: copyCost(this.warmup.cost) };
    return { ...this.totals, cost: copyCost(this.totals.cost), warmup };
  }
}

function emptyCost(): LedgerCost {
  return { usd: 0, missUsd: 0, savedUsd: 0, byModel: {}, unpriced: [] };
}

function copyCost(cost: LedgerCost): LedgerCost {
  return { ...cost, byModel: { ...cost.byModel }, unpriced: [...cost.unpriced] };
}
