import { formatUsd } from "../models/cost.js";
import { formatLedgerCost, type LedgerCost } from "../session/ledger.js";

/**
 * The session's cost as the exit summary and /status say it, per model when there are several:
 * "$0.42 (caching saved $1.10) · gpt-5 $0.40, gpt-4.1 $0.02"; "no price for demo-model".
 */
export function costLine(cost: LedgerCost): string {
  const models = Object.entries(cost.byModel);
  const perModel =
    models.length > 1
      ? ` · ${models.map(([model, usd]) => `${model} ${formatUsd(usd)}`).join(", ")}`
      : "";
  return `${formatLedgerCost(cost)}${perModel}`;
}
