import { diagnoseCache } from "./cache-diagnosis.js";
import type { RequestCacheFacts, RequestFinished } from "./events.js";
import { PrefixIndex, type PrefixLookup } from "./prefix-index.js";
import type { FullRequest } from "./request.js";

/**
 * Follows one session's requests (across lanes and epochs) to explain its cached tokens: the
 * request a sample builds is looked up when it starts, and diagnosed and remembered once it
 * completes. One request is in flight at a time, so the last one built is the one started.
 */
export class CacheExplainer {
  private readonly index = new PrefixIndex();
  private lastBuilt: FullRequest | undefined;
  private readonly inFlight = new Map<number, PrefixLookup>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Pass every built request through here (returns it unchanged). */
  built(request: FullRequest): FullRequest {
    this.lastBuilt = request;
    return request;
  }

  /** The request just built went on the wire as `seq`. */
  started(seq: number): void {
    if (!this.lastBuilt) return;
    this.inFlight.set(seq, this.index.lookup(this.lastBuilt));
    this.lastBuilt = undefined;
  }

  /** The figures for the ledger; a completed request becomes one later ones compare with. */
  finished(request: RequestFinished): RequestCacheFacts | undefined {
    const lookup = this.inFlight.get(request.seq);
    if (!lookup) return undefined;
    this.inFlight.delete(request.seq);
    const now = this.now();
    const usage = request.outcome === "completed" ? request.usage : undefined;
    const diagnosis = usage
      ? diagnoseCache({
          inputTokens: usage.input_tokens,
          cachedTokens: usage.cached_tokens,
          ...(lookup.best ? { best: lookup.best } : {}),
          sharedItems: lookup.sharedPrefix?.items ?? 0,
          changedFields: lookup.changedFields,
          now,
        })
      : null;
    if (usage) this.index.record(request.seq, lookup, usage.input_tokens, now);
    return {
      prefixDigest: lookup.prefixDigest,
      sharedPrefix: lookup.sharedPrefix,
      diagnosis,
    };
  }
}
