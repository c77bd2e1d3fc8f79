import type { ModelPrices } from "./model-info.js";
import { serviceTierMultiplier } from "./prices.js";

/** The token counts a request is priced by (a response's usage). */
interface PricedUsage {
  input_tokens: number;
  cached_tokens: number;
  output_tokens: number;
}

const PER_TOKEN = 1 / 1_000_000;

/** The rates that apply to a request of `inputTokens` at `serviceTier` (long context priced whole). */
function ratesFor(prices: ModelPrices, inputTokens: number, serviceTier: string | undefined) {
  const tier = serviceTierMultiplier(serviceTier);
  const long = prices.longContext && inputTokens > prices.longContext.aboveInputTokens;
  const inputFactor = tier * (long ? (prices.longContext?.inputMultiplier ?? 1) : 1);
  const outputFactor = tier * (long ? (prices.longContext?.outputMultiplier ?? 1) : 1);
  return {
    input: prices.input * inputFactor * PER_TOKEN,
    cachedInput: prices.cachedInput * inputFactor * PER_TOKEN,
    output: prices.output * outputFactor * PER_TOKEN,
  };
}

/** What one request cost in US dollars: uncached input, cached input and output at their rates. */
export function requestCost(prices: ModelPrices, usage: PricedUsage, serviceTier?: string): number {
  const rates = ratesFor(prices, usage.input_tokens, serviceTier);
  const cached = Math.min(usage.cached_tokens, usage.input_tokens);
  return (
    (usage.input_tokens - cached) * rates.input +
    cached * rates.cachedInput +
    usage.output_tokens * rates.output
  );
}

/**
 * What a cache miss added: `missedTokens` of prefix the server had seen and read again at the
 * uncached rate instead of the cached one.
 */
export function missCost(
  prices: ModelPrices,
  missedTokens: number,
  inputTokens: number,
  serviceTier?: string,
): number {
  const rates = ratesFor(prices, inputTokens, serviceTier);
  return Math.max(0, missedTokens) * (rates.input - rates.cachedInput);
}

/** What the cache saved on a request: its cached tokens at the uncached rate minus what they cost. */
export function cacheSaving(prices: ModelPrices, usage: PricedUsage, serviceTier?: string): number {
  const rates = ratesFor(prices, usage.input_tokens, serviceTier);
  return Math.min(usage.cached_tokens, usage.input_tokens) * (rates.input - rates.cachedInput);
}

/** Dollars as people read them: cents for sums from a cent up, more digits below ($0.0042). */
export function formatUsd(usd: number): string {
  if (usd === 0) return "$0.00";
  if (Math.abs(usd) >= 0.01) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(2)}`;
}
