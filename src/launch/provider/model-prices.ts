import type { ModelPrices } from "../../models/index.js";
import { lookupModel } from "../../models/index.js";
import type { MiniCodexConfig } from "../config/index.js";

/**
 * `[model_prices.<slug>]` from config.toml as catalog prices, for any provider's models; a
 * model the bundled catalog prices keeps its long-context rule, only the rates change.
 */
export function configuredPrices(config: MiniCodexConfig): Record<string, ModelPrices> {
  return Object.fromEntries(
    Object.entries(config.model_prices ?? {}).map(([slug, price]) => {
      const longContext = lookupModel(slug).prices?.longContext;
      return [
        slug,
        {
          ...(longContext ? { longContext } : {}),
          input: price.input,
          cachedInput: price.cached_input,
          output: price.output,
        },
      ];
    }),
  );
}
