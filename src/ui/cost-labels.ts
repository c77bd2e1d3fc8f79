import { formatUsd } from "../models/cost.js";
import { formatLedgerCost, type LedgerCost } from "../session/ledger.js";
import type { RequestForecast } from "../session/request-forecast.js";
import { compactNumber, percent } from "./request-labels.js";

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

/** A predicted sum: two significant digits under a dollar ("~$0.018"), cents above. */
export function approximateUsd(usd: number): string {
  if (usd >= 1) return `~$${usd.toFixed(2)}`;
  if (usd <= 0) return "~$0.00";
  return `~$${usd.toPrecision(2)}`;
}

/** "~2.9k in, 0% cached, ~$0.018" (a model without a price: "…, no price"). */
export function describeForecast(forecast: RequestForecast): string {
  const cost = forecast.usd === undefined ? "no price" : approximateUsd(forecast.usd);
  const cached = percent(forecast.cachedTokens, forecast.inputTokens);
  return `~${compactNumber(forecast.inputTokens)} in, ${cached} cached, ${cost}`;
}
