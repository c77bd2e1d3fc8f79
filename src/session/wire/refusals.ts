import { isStreamIdRefusal, type TransportError } from "../../transport/index.js";
import { isUpdateRefusal } from "./effort-updates.js";
import { isCacheOptionsRefusal } from "./prompt-cache.js";
import type { StreamIdFallback } from "./stream-id-fallback.js";
import type { AttemptTarget } from "./wire-attempt.js";

/**
 * Refusals of something a request can go without, after which the model client resends at
 * once: a `stream_id` (the lane moves to a socket of its own) or, once per request, a
 * `configuration_update` (the session drops in-band updates and rebuilds: lanes from then on)
 * or `prompt_cache_options` / a breakpoint (the session sends them no more for that model).
 */
export class Refusals {
  constructor(
    private readonly streamIds: StreamIdFallback,
    private readonly onUpdateRefused: ((model: string) => void) | undefined,
    private readonly onCacheOptionsRefused?: (model: string) => void,
  ) {}

  /** Whether to resend after `error` (it was handled here). */
  resend(
    error: unknown,
    target: AttemptTarget,
    model: string,
    signal: AbortSignal | undefined,
    counts: { updates: number; cacheOptions: number },
  ): boolean {
    if (signal?.aborted) return false;
    if (target.streamId && isStreamIdRefusal(error)) {
      this.streamIds.refused(error as TransportError, target.lane);
      return true;
    }
    if (this.onCacheOptionsRefused && counts.cacheOptions === 0 && isCacheOptionsRefusal(error)) {
      counts.cacheOptions += 1; // a second refusal of the same request fails it
      target.lane.chain.failed();
      this.onCacheOptionsRefused(model);
      return true;
    }
    if (!this.onUpdateRefused || counts.updates > 0 || !isUpdateRefusal(error)) return false;
    counts.updates += 1; // a second refusal of the same request fails it
    target.lane.chain.failed();
    this.onUpdateRefused(model);
    return true;
  }
}
