import type { ModelPrices } from "./model-info.js";

const GPT6_LONG_CONTEXT = { aboveInputTokens: 272_000, inputMultiplier: 2, outputMultiplier: 1.5 };

/**
 * What OpenAI charges per model, in US dollars per million tokens, at the standard tier for a
 * request of up to 272 000 input tokens: OpenAI's published API rates as price trackers and
 * resellers recorded them (GPT-5.6 after its 2026-07-30 reduction; GPT-6 Astra from
 * 2026-09-03, GPT-6 Sol and Luna from 2026-09-22, with the GPT-6 long-context rule; GPT-6.2
 * from its 2026-11-17 launch; the GPT-5 family and older at their long-standing rates).
 * docs/config.md, "Prices", lists them with their dates. A model not listed has no known
 * price (GPT-6.1 Terra, the hidden models, any other provider's): mini-codex then shows tokens
 * and says "no price", never a guess. `[model_prices.<slug>]` in config.toml overrides or adds
 * a row. Rates as of 2026-11-18.
 */
export const BUNDLED_PRICES: Readonly<Record<string, ModelPrices>> = {
  "gpt-6.2-astra": { input: 8, cachedInput: 0.8, output: 40, longContext: GPT6_LONG_CONTEXT },
  "gpt-6.2-sol": { input: 2, cachedInput: 0.2, output: 10, longContext: GPT6_LONG_CONTEXT },
  "gpt-6.1-sol": { input: 2, cachedInput: 0.1, output: 10, longContext: GPT6_LONG_CONTEXT },
  "gpt-6-astra": { input: 10, cachedInput: 1, output: 50, longContext: GPT6_LONG_CONTEXT },
  "gpt-6-sol": { input: 2, cachedInput: 0.2, output: 10, longContext: GPT6_LONG_CONTEXT },
  "gpt-6-luna": { input: 0.1, cachedInput: 0.01, output: 0.5, longContext: GPT6_LONG_CONTEXT },
  "gpt-5.6-sol": { input: 4, cachedInput: 0.4, output: 20 },
  "gpt-5.6-terra": { input: 2, cachedInput: 0.2, output: 12 },
  "gpt-5.6-luna": { input: 0.2, cachedInput: 0.02, output: 1.2 },
  "gpt-5.5": { input: 5, cachedInput: 0.5, output: 30 },
  "gpt-5-codex": { input: 1.25, cachedInput: 0.125, output: 10 },
  "gpt-5": { input: 1.25, cachedInput: 0.125, output: 10 },
  "gpt-5-mini": { input: 0.25, cachedInput: 0.025, output: 2 },
  "o4-mini": { input: 1.1, cachedInput: 0.275, output: 4.4 },
  "gpt-4.1": { input: 2, cachedInput: 0.5, output: 8 },
};

/**
 * What a service tier multiplies every rate by: `priority` (the Codex CLI's "fast") costs
 * twice the standard rate, `flex` half; anything else is priced as standard.
 */
export function serviceTierMultiplier(tier: string | undefined): number {
  if (tier === "priority" || tier === "fast") return 2;
  if (tier === "flex") return 0.5;
  return 1;
}
