import type { ModelFacts, ModelInfo, ModelPrices } from "../../models/index.js";
import {
  activeCatalog,
  effortError,
  type ModelCatalog,
  setActiveCatalog,
  wireEffort,
} from "../../models/index.js";
import type { EffortChoice, ReasoningEffort } from "../../protocol/index.js";
import type { ProviderSettings } from "../../session/index.js";

import type { ModelOverrides } from "../../settings/index.js";
import { ConfigError } from "../errors.js";
import { packageVersion } from "../version.js";
import {
  type CatalogRefresh,
  cachedModels,
  catalogHeaders,
  catalogUrl,
  markNoEffortUpdates,
  refreshCatalog,
} from "./catalog-discovery.js";

/** `[models."<slug>"]` entries (docs/config.md, "Models") as catalog facts. */
export function configuredModels(overrides: ModelOverrides | undefined): ModelFacts[] {
  return Object.entries(overrides ?? {}).map(([slug, o]) => {
    const facts: ModelFacts = { slug };
    if (o.display_name) facts.displayName = o.display_name;
    if (o.context_window) facts.contextWindow = o.context_window;
    if (o.max_context_window) facts.maxContextWindow = o.max_context_window;
    if (o.auto_compact_token_limit) facts.autoCompactTokenLimit = o.auto_compact_token_limit;
    if (o.efforts) facts.efforts = o.efforts;
    if (o.default_effort) facts.defaultEffort = o.default_effort;
    if (o.effort_updates !== undefined) facts.effortUpdates = o.effort_updates;
    if (o.ultra_effort) facts.ultraEffort = o.ultra_effort;
    if (o.request_shape) facts.requestShape = o.request_shape;
    if (o.verbosity) facts.verbosity = o.verbosity;
    if (o.service_tiers) facts.serviceTiers = o.service_tiers;
    return facts;
  });
}

export interface CatalogSetup {
  /** The background refresh (absent when discovery is off). */
  refresh?: CatalogRefresh;
  /** A model refused an in-band update: mark it in the cached catalog and the active one. */
  noEffortUpdates(slug: string): void;
}

/**
 * Install the process's catalog: bundled, then the provider's cached `/models`, then config.
 * The refresh runs in the background; what it finds is laid in under config's overrides.
 */
export function setUpCatalog(options: {
  home: string;
  provider: ProviderSettings;
  overrides?: ModelOverrides;
  discovery: boolean;
  catalogUrl?: string;
  /** mini-codex's version: the Codex backend's models endpoint is asked for its client. */
  version?: string;
  /** `[model_prices]`: laid over whatever the other sources say (launch/model-prices.ts). */
  prices?: Readonly<Record<string, ModelPrices>>;
}): CatalogSetup {
  const bundled = activeCatalog();
  const configured = configuredModels(options.overrides);
  const { provider } = options;
  const url = catalogUrl(
    provider.baseUrl,
    options.catalogUrl,
    provider.codexBackend ? (options.version ?? packageVersion()) : undefined,
  );
  const install = (discovered: ModelFacts[]) =>
    setActiveCatalog(layer(bundled, discovered, configured).withPrices(options.prices ?? {}));
  install(options.discovery ? cachedModels(options.home, url) : []);
  const setup: CatalogSetup = {
    noEffortUpdates: (slug) => {
      if (options.discovery) markNoEffortUpdates(options.home, url, slug);
      setActiveCatalog(activeCatalog().withoutEffortUpdates(slug));
    },
  };
  if (options.discovery) {
    setup.refresh = refreshCatalog({
      home: options.home,
      url,
      headers: () =>
        catalogHeaders({
          credentials: provider.credentials,
          codexBackend: provider.codexBackend,
          version: options.version ?? packageVersion(),
        }),
      onModels: install,
    });
  }
  return setup;
}

function layer(bundled: ModelCatalog, discovered: ModelFacts[], configured: ModelFacts[]) {
  const withDiscovered = discovered.length > 0 ? bundled.with("discovered", discovered) : bundled;
  return configured.length > 0 ? withDiscovered.with("configured", configured) : withDiscovered;
}

/**
 * The wire effort for a chosen one (`ultra` mapped), or a ConfigError naming the model's
 * efforts when the model does not offer it.
 */
export function checkedEffort(
  model: ModelInfo,
  choice: EffortChoice,
  key: string,
): ReasoningEffort {
  const problem = effortError(model, choice);
  if (problem) throw new ConfigError(`${key}: ${problem}`, key);
  return wireEffort(model, choice);
}
