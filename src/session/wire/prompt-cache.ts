import type { JsonObject, ResponseItem, ResponsesRequest } from "../../protocol/index.js";
import type { PROMPT_CACHE_TTLS } from "../../settings/index.js";
import { TransportError } from "../../transport/index.js";
import type { WirePlan } from "./plan.js";

/**
 * Prompt-cache control for models whose catalog entry says they take `prompt_cache_options`
 * (docs/protocol.md, "Cache options"). The request body carries `{mode, ttl}` (a compared
 * field: another TTL is another lane); what changes per request — the breakpoints on the
 * parts actually sent, the `comparison_response_id` that asks for the server's diagnosis and
 * `prewarm` on the warm-up — is added to the wire copy only, never to history or the chain.
 */

export type PromptCacheTtl = (typeof PROMPT_CACHE_TTLS)[number];
export type PromptCacheMode = "implicit" | "explicit";

/** How long a cached prefix lives when a request names no TTL (the provider's default). */
export const PROVIDER_CACHE_TTL_MS = 30 * 60_000;

/** A `prompt_cache_options.ttl` in milliseconds. */
export function promptCacheTtlMs(ttl: PromptCacheTtl): number {
  return ttl === "12h" ? 12 * 60 * 60_000 : 30 * 60_000;
}

/**
 * 12h: an interactive session often idles past 30 minutes (a review, a meeting, lunch), and
 * every request after such a pause would otherwise pay for its whole prefix again
 * (`bench/cache-idle.mjs` prints the difference). The API takes 12h from gpt-5.6 on.
 */
export const DEFAULT_PROMPT_CACHE_TTL: PromptCacheTtl = "12h";

/**
 * implicit: the server keeps its own breakpoint at the end of every prompt, so the rounds of
 * a tool-calling turn reuse each other; explicit mode would cache only up to our breakpoints
 * (`bench/cache-idle.mjs` measures both on the same script).
 */
export const DEFAULT_PROMPT_CACHE_MODE: PromptCacheMode = "implicit";

/** The API writes at most four breakpoints per request. */
const MAX_BREAKPOINTS = 4;

export interface PromptCacheSettings {
  ttl: PromptCacheTtl;
  mode: PromptCacheMode;
}

/** The compared part of `prompt_cache_options` (keys sorted, like the rest of the body). */
export function promptCacheOptions(settings: PromptCacheSettings): JsonObject {
  return { mode: settings.mode, ttl: settings.ttl };
}

interface CacheControlContext {
  plan: WirePlan;
  warmup: boolean;
  /** The response whose prefix this request expects to reuse (none: nothing to compare). */
  comparisonResponseId: string | undefined;
}

/**
 * The wire request with its per-request cache controls, when the body has cache options:
 * breakpoints on the stable boundaries it sends, the comparison that asks for diagnostics,
 * and `prewarm` instead of `generate:false` on the warm-up. Without options: `wire` itself.
 */
export function withCacheControls(
  body: ResponsesRequest,
  wire: ResponsesRequest,
  context: CacheControlContext,
): ResponsesRequest {
  const options = body.prompt_cache_options;
  if (!options) return wire;
  const offset = context.plan.kind === "incremental" ? context.plan.baselineLength : 0;
  const marked = new Set(
    breakpointTargets(body.input)
      .map((index) => index - offset)
      .filter((index) => index >= 0),
  );
  const { generate: _generate, ...rest } = wire;
  const comparison = context.comparisonResponseId;
  return {
    ...rest,
    input: wire.input.map((item, i) => (marked.has(i) ? withBreakpoint(item) : item)),
    prompt_cache_options: {
      ...(comparison ? { comparison_response_id: comparison } : {}),
      ...options,
      ...(context.warmup ? { prewarm: true } : {}),
    },
  };
}

/**
 * Indices of the stable boundaries of a logical input, at most four: the first message (the
 * base instructions after the lite `additional_tools` item, or the developer context), the
 * message before the latest `compaction` item (which has no part to mark), and the newest
 * user message (a local compaction's summary is one).
 */
export function breakpointTargets(input: readonly ResponseItem[]): number[] {
  const first = input.findIndex(hasMarkablePart);
  const compaction = input.findLastIndex((item) => item.type === "compaction");
  const beforeCompaction =
    compaction > 0 ? input.slice(0, compaction).findLastIndex(hasMarkablePart) : -1;
  const newestUser = input.findLastIndex(
    (item) => item.type === "message" && item.role === "user" && hasMarkablePart(item),
  );
  const targets = [first, beforeCompaction, newestUser].filter((index) => index >= 0);
  return [...new Set(targets)].sort((a, b) => a - b).slice(-MAX_BREAKPOINTS);
}

const MARKABLE_PARTS = new Set(["input_text", "input_image", "input_file"]);

function markablePart(item: ResponseItem): number {
  const content = item.type === "message" ? item.content : undefined;
  if (!Array.isArray(content)) return -1;
  return content.findLastIndex(
    (part) =>
      typeof part === "object" &&
      part !== null &&
      !Array.isArray(part) &&
      MARKABLE_PARTS.has(String(part.type)),
  );
}

function hasMarkablePart(item: ResponseItem): boolean {
  return markablePart(item) >= 0;
}

/** A copy of `item` whose last input part ends a reusable prefix (its TTL: the request's). */
function withBreakpoint(item: ResponseItem): ResponseItem {
  const at = markablePart(item);
  const content = (item.content as JsonObject[]).map((part, i) =>
    i === at ? { ...part, prompt_cache_breakpoint: { mode: "explicit" } } : part,
  );
  return { ...item, content };
}

/**
 * A provider without cache options refuses them like any unknown parameter: 400
 * `unknown_parameter` naming `prompt_cache_options` or a part's `prompt_cache_breakpoint`.
 */
export function isCacheOptionsRefusal(error: unknown): boolean {
  if (!(error instanceof TransportError) || error.code !== "unknown_parameter") return false;
  return /prompt_cache_(options|breakpoint)/.test(`${error.param ?? ""} ${error.message}`);
}
