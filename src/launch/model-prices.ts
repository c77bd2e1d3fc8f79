import { activeCatalog, setActiveCatalog } from "../models/catalog.js";
import type { MiniCodexConfig } from "./config-schema.js";

/**
 * `[model_prices.<slug>]` from config.toml laid over the catalog's prices, for any provider's
 * models; a known model keeps its long-context rule, only the rates change.
 */
export function applyConfiguredPrices(config: MiniCodexConfig): void {
  const table = config.model_prices;
  if (!table || Object.keys(table).length === 0) return;
  const catalog = activeCatalog();
  const prices = Object.fromEntries(
    Object.entries(table).map(([slug, price]) => {
      const longContext = catalog.lookup(slug).prices?.longContext;
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
  setActiveCatalog(catalog.withPrices(prices));
}
