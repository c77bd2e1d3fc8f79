import { formatUsd } from "../../models/index.js";
import { type CostDisplay, PLAN_COST_NOTE } from "./cost-display.js";
import type { RequestFinished } from "./request-facts.js";

/** What a ledger row says about cost (the ledger's own columns; src/session/ledger/ledger-row.ts). */
interface CostRow {
  model: string;
  usage: RequestFinished["usage"] | null;
  cost_usd: number | null;
  miss_cost_usd: number | null;
  saved_usd: number | null;
}

/** US dollars over the priced requests, per model; models whose requests had no price. */
export interface LedgerCost {
  usd: number;
  missUsd: number;
  savedUsd: number;
  byModel: Record<string, number>;
  /** Models whose requests reported usage but had no price (their tokens are not in `usd`). */
  unpriced: string[];
}

/** The cost figures of some rows (a session, or one turn of it). */
export function ledgerCost(rows: readonly CostRow[]): LedgerCost {
  const cost: LedgerCost = { usd: 0, missUsd: 0, savedUsd: 0, byModel: {}, unpriced: [] };
  for (const row of rows) {
    const priced =
      row.cost_usd === null
        ? undefined
        : { usd: row.cost_usd, missUsd: row.miss_cost_usd ?? 0, savedUsd: row.saved_usd ?? 0 };
    addRequestCost(cost, {
      model: row.model,
      ...(row.usage ? { usage: row.usage } : {}),
      ...(priced ? { cost: priced } : {}),
    });
  }
  return cost;
}

/**
 * Adds one finished request to `total`: its cost under its model, or its model to the
 * unpriced ones when it reported usage without a price (a request without usage adds nothing).
 */
export function addRequestCost(
  total: LedgerCost,
  request: Pick<RequestFinished, "model" | "usage" | "cost">,
): void {
  if (!request.usage) return;
  if (!request.cost) {
    if (!total.unpriced.includes(request.model)) total.unpriced.push(request.model);
    return;
  }
  total.usd += request.cost.usd;
  total.missUsd += request.cost.missUsd;
  total.savedUsd += request.cost.savedUsd;
  total.byModel[request.model] = (total.byModel[request.model] ?? 0) + request.cost.usd;
}

/**
 * One line for a cost: "$4.80 (misses cost $1.12; caching saved $3.20)", naming the models
 * without a price ("no price for demo-model": their tokens are counted, never priced); a plan
 * user's: what the plan counts instead (`display`, docs/config.md).
 */
export function formatLedgerCost(cost: LedgerCost, display: CostDisplay = "dollars"): string {
  if (display === "plan") return PLAN_COST_NOTE;
  const priced = Object.keys(cost.byModel).length > 0;
  const parts: string[] = [];
  if (priced) {
    const misses = cost.missUsd > 0 ? `misses cost ${formatUsd(cost.missUsd)} of it; ` : "";
    parts.push(`${formatUsd(cost.usd)} (${misses}caching saved ${formatUsd(cost.savedUsd)})`);
  }
  if (cost.unpriced.length > 0) parts.push(`no price for ${cost.unpriced.join(", ")}`);
  return parts.join("; ") || "nothing priced yet";
}
