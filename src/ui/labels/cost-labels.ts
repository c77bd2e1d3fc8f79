import { formatUsd } from "../../models/index.js";
import type { CostDisplay, RequestForecast } from "../../session/index.js";
import { formatLedgerCost, type LedgerCost } from "../../session/index.js";
import { compactNumber, percent } from "./request-labels.js";

/**
 * The session's cost as the exit summary and /status say it, per model when there are several:
 * "$0.42 (caching saved $1.10) · gpt-5 $0.40, gpt-4.1 $0.02"; "no price for demo-model"; for a
 * plan user what the plan counts instead (no `$`).
 */
export function costLine(cost: LedgerCost, display: CostDisplay = "dollars"): string {
  if (display === "plan") return formatLedgerCost(cost, display);
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

/** "~2.9k in, 0% cached, ~$0.018" (a model without a price: "…, no price"; a plan user: the tokens alone). */
export function describeForecast(
  forecast: RequestForecast,
  display: CostDisplay = "dollars",
): string {
  const cached = percent(forecast.cachedTokens, forecast.inputTokens);
  const tokens = `~${compactNumber(forecast.inputTokens)} in, ${cached} cached`;
  if (display === "plan") return tokens;
  const cost = forecast.usd === undefined ? "no price" : approximateUsd(forecast.usd);
  return `${tokens}, ${cost}`;
}
