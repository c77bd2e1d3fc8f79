import type { ModelPrices } from "../../models/index.js";
import { lookupModel } from "../../models/index.js";
import type { Settings } from "../../settings/index.js";

/**
 * `[model_prices.<slug>]` from config.toml as catalog prices, for any provider's models; a
 * model the bundled catalog prices keeps its long-context rule, only the rates change.
 */
export function configuredPrices(config: Pick<Settings, "model">): Record<string, ModelPrices> {
  return Object.fromEntries(
    Object.entries(config.model.prices ?? {}).map(([slug, price]) => {
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
