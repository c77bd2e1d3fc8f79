import type { SessionStatus } from "./api.js";
import type { RequestFinished, SessionEvent, SessionEventListener } from "./events.js";
import { addRequestCost } from "./ledger.js";
import { requestUsage } from "./usage.js";

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

/** Running totals for the status bar. */
export class RequestTotals {
  private readonly totals: SessionStatus["totals"] = {
    requests: 0,
    incrementalRequests: 0,
    inputTokens: 0,
    cachedTokens: 0,
    outputTokens: 0,
    cost: { usd: 0, missUsd: 0, savedUsd: 0, byModel: {}, unpriced: [] },
  };

  record(request: RequestFinished): void {
    addRequestCost(this.totals.cost, request);
    this.totals.requests += 1;
    if (request.mode === "ws_incremental") this.totals.incrementalRequests += 1;
    const usage = requestUsage(request);
    this.totals.inputTokens += usage?.input_tokens ?? 0;
    this.totals.cachedTokens += usage?.cached_tokens ?? 0;
    this.totals.outputTokens += usage?.output_tokens ?? 0;
  }

  snapshot(): SessionStatus["totals"] {
    const { cost } = this.totals;
    const copied = { ...cost, byModel: { ...cost.byModel }, unpriced: [...cost.unpriced] };
    return { ...this.totals, cost: copied };
  }
}
