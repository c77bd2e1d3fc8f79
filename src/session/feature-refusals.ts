import { isUpdateRefusal } from "./effort-updates.js";
import { isCacheOptionsRefusal } from "./prompt-cache.js";

/** What the session does when the provider refuses a feature it can turn off. */
export interface FeatureRefusalHooks {
  /** A `configuration_update` item refused: effort changes go on lanes for that model. */
  onUpdateRefused?(model: string): void;
  /** `prompt_cache_options` or a breakpoint refused: requests go without them. */
  onCacheOptionsRefused?(model: string): void;
}

/**
 * The feature `error` refuses, named, with the hook that turns it off; undefined when the
 * error is no such refusal (or the session has no hook for it). The request is then resent
 * once, in full, without the feature.
 */
export function refusedFeature(
  error: unknown,
  hooks: FeatureRefusalHooks,
): { name: string; hook(model: string): void } | undefined {
  const { onUpdateRefused, onCacheOptionsRefused } = hooks;
  if (onUpdateRefused && isUpdateRefusal(error)) return { name: "updates", hook: onUpdateRefused };
  if (onCacheOptionsRefused && isCacheOptionsRefusal(error))
    return { name: "cache_options", hook: onCacheOptionsRefused };
  return undefined;
}
