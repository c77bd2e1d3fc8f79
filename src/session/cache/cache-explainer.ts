import type {
  LedgerRow,
  RequestCacheFacts,
  RequestFinished,
  RequestForecast,
  ServerCacheFacts,
} from "../ledger/index.js";
import { cacheAgreement, diagnoseCache, missedPrefixTokens } from "../ledger/index.js";
import type { FullRequest } from "../wire/index.js";
import { PrefixIndex, type PrefixLookup, type SeedRequest } from "./prefix-index.js";
import { RequestForecaster } from "./request-forecaster.js";

/**
 * Follows one session's requests (across lanes and epochs) to explain its cached tokens: the
 * request a sample builds is looked up when it starts, and diagnosed and remembered once it
 * completes. One request is in flight at a time, so the last one built is the one started.
 */
export class CacheExplainer {
  private readonly index = new PrefixIndex();
  private lastBuilt: FullRequest | undefined;
  private readonly inFlight = new Map<number, PrefixLookup & { predicted: RequestForecast }>();
  /** Started requests not looked up yet: the lookup waits until the frame is on the wire. */
  private readonly toLookUp = new Map<
    number,
    { request: FullRequest; seed?: SeedRequest; warmup: boolean }
  >();
  private readonly forecaster: RequestForecaster;
  /** Response ids of the completed requests the index holds, by seq. */
  private readonly responseIds = new Map<number, string>();

  /**
   * `resumedFrom`: the last completed request of a resumed session (its ledger row), so the
   * first request after a resume can still find the prefix it repeats (and a cold cache).
   */
  constructor(
    private readonly now: () => number = Date.now,
    private resumedFrom?: SeedRequest,
  ) {
    this.forecaster = new RequestForecaster(this.index, now);
  }

  /** The request `request` would be if sent now, priced (nothing is recorded). */
  forecast(request: FullRequest): RequestForecast {
    // a request started a moment ago is in flight: its prefix counts (a sibling subagent's)
    for (const seq of [...this.toLookUp.keys()]) this.lookUp(seq);
    return this.forecaster.forecast(request);
  }

  /** Pass every built request through here (returns it unchanged). */
  built(request: FullRequest): FullRequest {
    this.lastBuilt = request;
    return request;
  }

  /**
   * The response whose prefix a full request expects to reuse: the completed request the
   * index finds for it (same fields first). Undefined before any completed request (a
   * resumed session's first request: the caller compares with the ledger's last response).
   */
  expectedReuse(request: FullRequest): string | undefined {
    if (this.responseIds.size === 0) return undefined;
    const seq = this.index.lookup(request).best?.seq;
    return seq === undefined ? undefined : this.responseIds.get(seq);
  }

  /** The request just built went on the wire as `seq` (`warmup`: it asks for no output). */
  started(seq: number, warmup = false): void {
    if (!this.lastBuilt) return;
    const seed = this.resumedFrom;
    this.toLookUp.set(seq, { request: this.lastBuilt, warmup, ...(seed ? { seed } : {}) });
    this.resumedFrom = undefined;
    this.lastBuilt = undefined;
    // after the request is sent: hashing a resumed history overlaps the server's work
    setImmediate(() => this.lookUp(seq));
  }

  private lookUp(seq: number): void {
    const pending = this.toLookUp.get(seq);
    if (!pending) return;
    this.toLookUp.delete(seq);
    if (pending.seed) this.index.seed(pending.request, pending.seed);
    const lookup = this.index.lookup(pending.request);
    // the prediction of this very request, made before its usage is known
    const predicted = this.forecaster.forecast(pending.request, lookup, pending.warmup);
    this.forecaster.started(seq, pending.request, lookup, predicted.inputTokens);
    this.inFlight.set(seq, { ...lookup, predicted });
  }

  /** The figures for the ledger; a completed request becomes one later ones compare with. */
  finished(request: RequestFinished): RequestCacheFacts | undefined {
    this.lookUp(request.seq);
    const lookup = this.inFlight.get(request.seq);
    if (!lookup) return undefined;
    this.inFlight.delete(request.seq);
    this.forecaster.finished(request);
    const now = this.now();
    const usage = request.outcome === "completed" ? request.usage : undefined;
    const facts = usage && {
      inputTokens: usage.input_tokens,
      cachedTokens: usage.cached_tokens,
      ...(lookup.best ? { best: lookup.best } : {}),
      sharedItems: lookup.sharedPrefix?.items ?? 0,
      changedFields: lookup.changedFields,
      now,
    };
    const diagnosis = facts ? diagnoseCache(facts) : null;
    if (usage) this.index.record(request.seq, lookup, usage.input_tokens, now);
    if (usage && request.responseId) this.responseIds.set(request.seq, request.responseId);
    const server = serverFacts(request, diagnosis);
    return {
      prefixDigest: lookup.prefixDigest,
      sharedPrefix: lookup.sharedPrefix,
      diagnosis,
      missedTokens: facts ? missedPrefixTokens(facts, diagnosis) : 0,
      predicted: lookup.predicted,
      ...(server ? { server } : {}),
    };
  }
}

/** The server's answer beside the client's diagnosis, when the server gave one. */
function serverFacts(
  request: RequestFinished,
  diagnosis: string | null,
): ServerCacheFacts | undefined {
  const answer = request.serverCache;
  if (!answer) return undefined;
  return {
    ...answer,
    comparedWith: request.cacheComparison ?? null,
    agrees: cacheAgreement(diagnosis, answer),
  };
}

/** The seed for a resumed session from its last completed ledger row (none: nothing to seed). */
export function seedFromLedgerRow(row: LedgerRow | undefined): SeedRequest | undefined {
  if (!row?.prefix_digest || !row.usage) return undefined;
  const at = Date.parse(row.ts);
  if (Number.isNaN(at)) return undefined;
  return {
    seq: row.seq,
    items: row.items_total,
    // the request's own response, as a live session records it (not the responses steering cut)
    inputTokens: row.usage.input_tokens - (row.steered_usage?.input_tokens ?? 0),
    at,
    prefixDigest: row.prefix_digest,
  };
}
