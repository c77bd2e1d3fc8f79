import { lookupModel } from "../models/catalog.js";
import type { ResponsesRequest } from "../protocol/request.js";
import type { RequestFinished } from "./events.js";
import type { PrefixIndex, PrefixLookup } from "./prefix-index.js";
import { prefixBytes, promptBytes } from "./prompt-size.js";
import type { FullRequest } from "./request.js";
import {
  expectedOutput,
  forecastRequest,
  type RequestForecast,
  type TokenCalibration,
} from "./request-forecast.js";

/** How long a prefix stays cached without `prompt_cache_options` (the compactor assumes the same). */
export const LEGACY_CACHE_TTL_MS = 30 * 60_000;

const TTL_MS: Readonly<Record<string, number>> = { "30m": 30 * 60_000, "12h": 12 * 60 * 60_000 };

/** Responses whose output sizes the next expected output is the mean of. */
const OUTPUTS_KEPT = 5;

/** The cache TTL a request's body asks for (its prompt_cache_options.ttl), else the legacy one. */
export function cacheTtlOf(body: ResponsesRequest): number {
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

  constructor(
    private readonly index: PrefixIndex,
    private readonly now: () => number,
  ) {}

  /** The request `request` will be, priced: `warmup` expects no output. */
  forecast(request: FullRequest, lookup?: PrefixLookup, warmup = false): RequestForecast {
    const found = lookup ?? this.index.lookup(request);
    const { body } = request;
    const best = found.best;
    const reuse = best && {
      sameFields: found.changedFields.length === 0,
      whole: (found.sharedPrefix?.items ?? 0) >= best.items,
      inputTokens: best.inputTokens,
      sharedBytes: prefixBytes(body, found.sharedPrefix?.items ?? 0),
      idleMs: Math.max(0, this.now() - best.at),
    };
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

  /** A request went out: its prompt's size, to learn bytes per token from its usage. */
  started(seq: number, request: FullRequest): void {
    this.sizes.set(seq, promptBytes(request.body));
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
