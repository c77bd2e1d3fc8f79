import type { RequestFinished } from "../session/index.js";
import type { ExecCost } from "./exec-event-types.js";

/** The cost of one turn's requests, as `turn.completed` reports it. */
export class TurnCost {
  private usd = 0;
  private missUsd = 0;
  private readonly unpriced = new Set<string>();

  add(request: RequestFinished): void {
    if (!request.cost) {
      this.unpriced.add(request.model);
      return;
    }
    this.usd += request.cost.usd;
    this.missUsd += request.cost.missUsd;
  }

  toExec(): ExecCost {
    if (this.unpriced.size > 0) return { currency: "USD", usd: null, no_price: [...this.unpriced] };
    return {
      currency: "USD",
      usd: roundMicros(this.usd),
      cache_miss_usd: roundMicros(this.missUsd),
    };
  }
}

/** To a millionth of a dollar: a figure to add up, not to read. */
function roundMicros(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}
