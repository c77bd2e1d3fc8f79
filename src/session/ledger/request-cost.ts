import type { ModelPrices } from "../../models/index.js";
import { cacheSaving, missCost, requestCost } from "../../models/index.js";
import type { UsageFigures } from "../../protocol/index.js";
import type { RequestCost, RequestFinished } from "./request-facts.js";
import { billedResponses } from "./usage.js";

/**
 * What a finished request cost, from its usage (and that of the responses steering cut before
 * it), its cache facts and the model's prices; undefined when it reported no usage or the model has no known price (never a guess).
 */
export function costOfRequest(
  request: RequestFinished,
  prices: ModelPrices | undefined,
): RequestCost | undefined {
  const { usage } = request;
  // each response at its own rates (long-context pricing goes by one response's input); a cut
  // response's usage counts even when the one that finished reported none
  const responses = billedResponses(request);
  if (responses.length === 0 || !prices) return undefined;
  const tier = request.serviceTier;
  const sum = (price: (one: UsageFigures) => number) =>
    responses.reduce((total, one) => total + price(one), 0);
  return {
    usd: sum((one) => requestCost(prices, one, tier)),
    missUsd: usage ? missCost(prices, missedTokensOf(request), usage.input_tokens, tier) : 0,
    savedUsd: sum((one) => cacheSaving(prices, one, tier)),
  };
}

/**
 * Tokens of a prefix the server had seen and did not serve: the server's own
 * `cache_missed_tokens` where it reported a miss, else the client's estimate.
 */
function missedTokensOf(request: Pick<RequestFinished, "serverCache" | "cache">): number {
  const server = request.serverCache;
  if (server?.verdict === "cache_miss" && server.missedTokens !== null) return server.missedTokens;
  return request.cache?.missedTokens ?? 0;
}
