import { lookupModel } from "../../models/index.js";
import type { ResponsesRequest } from "../../protocol/index.js";
import type { RequestFinished } from "../ledger/index.js";
import {
  expectedOutput,
  forecastRequest,
  type PrefixReuse,
  type RequestForecast,
  type TokenCalibration,
} from "../ledger/index.js";
import { prefixBytes, promptBytes } from "../prompt/index.js";
import type { FullRequest } from "../wire/index.js";
import { PrefixIndex, type PrefixLookup } from "./prefix-index.js";

/** How long a prefix stays cached without `prompt_cache_options` (the compactor assumes the same). */
const LEGACY_CACHE_TTL_MS = 30 * 60_000;

const TTL_MS: Readonly<Record<string, number>> = { "30m": 30 * 60_000, "12h": 12 * 60 * 60_000 };

/** Responses whose output sizes the next expected output is the mean of. */
const OUTPUTS_KEPT = 5;

/** The cache TTL a request's body asks for (its prompt_cache_options.ttl), else the legacy one. */
function cacheTtlOf(body: ResponsesRequest): number {
  const ttl = (body.prompt_cache_options as { ttl?: unknown } | undefined)?.ttl;
  return (typeof ttl === "string" ? TTL_MS[ttl] : undefined) ?? LEGACY_CACHE_TTL_MS;
}

/**
 * What the session measured that a forecast needs (its bytes per token, its recent output
 * sizes), and the forecast of one request against the prefix index. The session's requests
 * pass through `started` and `finished`; `forecast` changes nothing.
 */
export class RequestForecaster {
  private calibration: TokenCalibration | undefined;
  private readonly outputs: number[] = [];
  private readonly sizes = new Map<number, number>();
  /** Every request sent, by prefix (with its predicted input tokens): the ones in flight serve too. */
  private readonly sent = new PrefixIndex();

  constructor(
    private readonly index: PrefixIndex,
    private readonly now: () => number,
  ) {}

  /**
   * The request `request` will be, priced: `warmup` expects no output. `lookup`: what the
   * index of completed requests holds for it (default: looked up now). A request still in
   * flight with the same fields that shares more of its prefix serves it too: the server
   * caches a prompt as it reads it, so siblings spawned together on one new effort reuse the
   * first one's prefix before it completes.
   */
  forecast(request: FullRequest, lookup?: PrefixLookup, warmup = false): RequestForecast {
    const completed = reuseOf(request, lookup ?? this.index.lookup(request), this.now());
    const pending = reuseOf(request, this.sent.lookup(request), this.now());
    const reuse = pending && (!completed || servesMore(pending, completed)) ? pending : completed;
    const { body } = request;
    const prices = lookupModel(body.model).prices;
    return forecastRequest({
      promptBytes: promptBytes(body),
      ...(this.calibration ? { calibration: this.calibration } : {}),
      ...(reuse ? { reuse } : {}),
      cacheTtlMs: cacheTtlOf(body),
      outputTokens: warmup ? 0 : expectedOutput(this.outputs),
      ...(prices ? { prices } : {}),
      ...(body.service_tier ? { serviceTier: body.service_tier } : {}),
    });
  }

  /**
   * A request went out: its prompt's size, to learn bytes per token from its usage, and its
   * prefix (`lookup`) with its predicted input tokens, for the requests forecast while it runs.
   */
  started(seq: number, request: FullRequest, lookup?: PrefixLookup, inputTokens?: number): void {
    this.sizes.set(seq, promptBytes(request.body));
    if (lookup && inputTokens !== undefined) this.sent.record(seq, lookup, inputTokens, this.now());
  }

  finished(request: Pick<RequestFinished, "seq" | "usage" | "warmup" | "outcome">): void {
    const bytes = this.sizes.get(request.seq);
    this.sizes.delete(request.seq);
    const usage = request.outcome === "completed" ? request.usage : undefined;
    if (!usage) return;
    if (bytes !== undefined && usage.input_tokens > 0) {
      this.calibration = { bytes, inputTokens: usage.input_tokens };
    }
    if (!request.warmup && usage.output_tokens > 0) {
      this.outputs.push(usage.output_tokens);
      if (this.outputs.length > OUTPUTS_KEPT) this.outputs.shift();
    }
  }
}

/** What an index's best earlier request offers `request`'s cache (none: no earlier request). */
function reuseOf(
  request: FullRequest,
  found: PrefixLookup,
  now: number,
): ReuseCandidate | undefined {
  const best = found.best;
  if (!best) return undefined;
  const items = found.sharedPrefix?.items ?? 0;
  return {
    sameFields: found.changedFields.length === 0,
    whole: items >= best.items,
    inputTokens: best.inputTokens,
    sharedBytes: prefixBytes(request.body, items),
    idleMs: Math.max(0, now - best.at),
    items,
  };
}

type ReuseCandidate = PrefixReuse & { items: number };

/** Whether `a` serves more of the prompt than `b`: the same fields first, then a longer prefix. */
function servesMore(a: ReuseCandidate, b: ReuseCandidate): boolean {
  if (a.sameFields !== b.sameFields) return a.sameFields;
  return a.items > b.items;
}
