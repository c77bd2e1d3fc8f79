import type { ModelPrices } from "../../models/index.js";
import { requestCost } from "../../models/index.js";
import { MIN_CACHEABLE_TOKENS } from "./cache-diagnosis.js";

/**
 * The next request priced before it is sent (docs/protocol.md, "Cost prediction"). Pure:
 * figures in, a forecast out. Input tokens come from the prompt's size at the session's own
 * bytes-per-token (the last completed request's), the cached part from the earlier request the
 * prefix index finds (same compared fields, within the cache's TTL), in the cache's 128-token
 * blocks, and the output from the session's recent responses (their median).
 */

/** Cache hits come in blocks of this many tokens past the first 1 024. */
const CACHE_BLOCK_TOKENS = 128;

/** Bytes per token where a session has measured nothing yet (the common rule of thumb). */
const DEFAULT_BYTES_PER_TOKEN = 4;

/** A completed request's prompt size and what the server counted for it. */
export interface TokenCalibration {
  bytes: number;
  inputTokens: number;
}

/** The earlier request whose cached prefix the next one can reuse (the prefix index's best). */
export interface PrefixReuse {
  /** It had the same compared fields (model, effort, tools, …): only then can its cache serve. */
  sameFields: boolean;
  /** The next request starts with its whole input (else only `sharedBytes` of it). */
  whole: boolean;
  /** Its usage.input_tokens. */
  inputTokens: number;
  /** Bytes of the prompt the two share (used when not `whole`). */
  sharedBytes: number;
  /** How long ago it completed. */
  idleMs: number;
}

interface ForecastInput {
  /** Bytes of the next request's whole prompt (prompt-size.ts). */
  promptBytes: number;
  calibration?: TokenCalibration;
  reuse?: PrefixReuse;
  /** How long the cache keeps a prefix unused (the request's prompt_cache_options.ttl, else 30 min). */
  cacheTtlMs: number;
  /** The output expected (the session's recent responses). */
  outputTokens: number;
  /** Undefined: no price for the model (the forecast then has tokens only). */
  prices?: ModelPrices;
  serviceTier?: string;
}

export interface RequestForecast {
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
  /** US dollars; undefined when the model has no price. */
  usd?: number;
  /** Why nothing of an earlier prefix will be cached: `changed` fields, or `cold` past the TTL. */
  lost?: "changed" | "cold";
}

/** Tokens of a prompt of `bytes`, at the session's measured rate. */
export function tokensOf(bytes: number, calibration?: TokenCalibration): number {
  const perByte =
    calibration && calibration.bytes > 0 && calibration.inputTokens > 0
      ? calibration.inputTokens / calibration.bytes
      : 1 / DEFAULT_BYTES_PER_TOKEN;
  return Math.max(0, Math.round(bytes * perByte));
}

/** What the cache can return of a prefix of `tokens`: 0 below 1 024, then whole blocks. */
export function cacheableTokens(tokens: number): number {
  if (tokens < MIN_CACHEABLE_TOKENS) return 0;
  const blocks = Math.floor((tokens - MIN_CACHEABLE_TOKENS) / CACHE_BLOCK_TOKENS);
  return MIN_CACHEABLE_TOKENS + blocks * CACHE_BLOCK_TOKENS;
}

/** Predicted input, cached and output tokens and their cost. */
export function forecastRequest(input: ForecastInput): RequestForecast {
  const inputTokens = tokensOf(input.promptBytes, input.calibration);
  const { reuse } = input;
  let lost: RequestForecast["lost"];
  let cachedTokens = 0;
  if (reuse && !reuse.sameFields) lost = "changed";
  else if (reuse && reuse.idleMs > input.cacheTtlMs) lost = "cold";
  else if (reuse) {
    const prefix = reuse.whole ? reuse.inputTokens : tokensOf(reuse.sharedBytes, input.calibration);
    cachedTokens = cacheableTokens(Math.min(prefix, inputTokens));
  }
  const outputTokens = Math.max(0, Math.round(input.outputTokens));
  const usage = {
    input_tokens: inputTokens,
    cached_tokens: cachedTokens,
    output_tokens: outputTokens,
  };
  return {
    inputTokens,
    cachedTokens,
    outputTokens,
    ...(input.prices ? { usd: requestCost(input.prices, usage, input.serviceTier) } : {}),
    ...(lost ? { lost } : {}),
  };
}

/**
 * The expected output of the next response: the median of the session's recent ones (0: none
 * yet). Not the mean: one response unlike the rest (four spawn_agent calls at once, a long
 * patch) would move every forecast after it, a subagent's first answer among them.
 */
export function expectedOutput(recent: readonly number[]): number {
  if (recent.length === 0) return 0;
  const sorted = [...recent].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
