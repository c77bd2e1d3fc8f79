import type { JsonObject, ResponseItem } from "../../protocol/index.js";
import { type CacheUse, type PromptStream, TTL_30M_MS } from "./cache.js";
import type { RequestRefusal } from "./request-fields.js";

/**
 * `prompt_cache_options` and `prompt_cache_breakpoint` on the demo server (7.59 shapes): what a
 * request writes to the simulated cache, breakpoints kept out of the prompt's bytes (they mark
 * it, they are not part of it), and the refusal of a provider without the feature.
 */

export interface DemoCacheOptions {
  ttl: "30m" | "12h";
  mode: "implicit" | "explicit";
  prewarm: boolean;
  comparisonResponseId?: string;
}

const TTL_MS = { "30m": TTL_30M_MS, "12h": 12 * 60 * 60_000 } as const;

/** The options as sent, or the API's refusal of a bad value. */
export function readCacheOptions(
  value: unknown,
): { ok: true; options?: DemoCacheOptions } | { ok: false; refusal: RequestRefusal } {
  if (value === undefined || value === null) return { ok: true };
  if (typeof value !== "object" || Array.isArray(value)) {
    return bad("prompt_cache_options", "an object", value);
  }
  const raw = value as Record<string, unknown>;
  const ttl = raw.ttl ?? "30m";
  const mode = raw.mode ?? "implicit";
  if (ttl !== "30m" && ttl !== "12h") return bad("prompt_cache_options.ttl", "'30m', '12h'", ttl);
  if (mode !== "implicit" && mode !== "explicit")
    return bad("prompt_cache_options.mode", "'implicit', 'explicit'", mode);
  const comparison = raw.comparison_response_id;
  return {
    ok: true,
    options: {
      ttl,
      mode,
      prewarm: raw.prewarm === true,
      ...(typeof comparison === "string" ? { comparisonResponseId: comparison } : {}),
    },
  };
}

function bad(
  param: string,
  expected: string,
  value: unknown,
): { ok: false; refusal: RequestRefusal } {
  return {
    ok: false,
    refusal: {
      code: "invalid_value",
      message: `Invalid value: '${String(value)}'. Supported values are: ${expected}.`,
      param,
    },
  };
}

/** Where the first breakpoint of `input` sits (`input[i].content[j]`), if any. */
function firstBreakpoint(input: readonly ResponseItem[]): string | undefined {
  for (const [i, item] of input.entries()) {
    const j = partsOf(item).findIndex((part) => part.prompt_cache_breakpoint !== undefined);
    if (j >= 0) return `input[${i}].content[${j}].prompt_cache_breakpoint`;
  }
  return undefined;
}

/** A provider without the feature: `unknown_parameter` for the options or a breakpoint. */
export function cacheOptionsRefusal(
  body: { prompt_cache_options?: unknown },
  input: readonly ResponseItem[],
): RequestRefusal | undefined {
  const param =
    body.prompt_cache_options !== undefined ? "prompt_cache_options" : firstBreakpoint(input);
  if (param === undefined) return undefined;
  return { code: "unknown_parameter", message: `Unknown parameter: '${param}'.`, param };
}

function partsOf(item: ResponseItem): JsonObject[] {
  return Array.isArray(item.content) ? (item.content as JsonObject[]) : [];
}

function hasBreakpoint(item: ResponseItem): boolean {
  return partsOf(item).some((part) => part.prompt_cache_breakpoint !== undefined);
}

const stripped = new WeakMap<object, ResponseItem>();

/** The context as the cache renders it: breakpoint marks removed (copied once per item). */
export function withoutBreakpoints(context: readonly ResponseItem[]): ResponseItem[] {
  return context.map((item) => {
    if (!hasBreakpoint(item)) return item;
    let copy = stripped.get(item);
    if (!copy) {
      const content = partsOf(item).map(({ prompt_cache_breakpoint: _mark, ...part }) => part);
      copy = { ...item, content };
      stripped.set(item, copy);
    }
    return copy;
  });
}

/**
 * How a request uses the cache: without options the legacy prefix cache (30 minutes); with
 * them, the implicit end-of-prompt boundary (mode implicit) and the breakpoints this request's
 * own input carries, the latest three (implicit) or four (explicit), each ending its item.
 */
export function cacheUseOf(
  options: DemoCacheOptions | undefined,
  stream: PromptStream,
  context: readonly ResponseItem[],
  inputLength: number,
): CacheUse {
  if (!options) return { legacy: true, ttlMs: TTL_30M_MS, breakpoints: [], implicit: true };
  const ttlMs = TTL_MS[options.ttl];
  const firstContextPart = stream.parts.length - context.length;
  const breakpoints: Array<{ bytes: number; ttlMs: number }> = [];
  let bytes = 0;
  for (let i = 0; i < stream.parts.length; i++) {
    bytes += stream.sizes[i] as number;
    const at = i - firstContextPart;
    if (at < context.length - inputLength) continue; // written by an earlier request
    const mark = partsOf(context[at] as ResponseItem).findLast(
      (part) => part.prompt_cache_breakpoint !== undefined,
    )?.prompt_cache_breakpoint as { ttl?: "30m" | "12h" } | undefined;
    if (mark) breakpoints.push({ bytes, ttlMs: mark.ttl ? TTL_MS[mark.ttl] : ttlMs });
  }
  const implicit = options.mode === "implicit";
  return { legacy: false, ttlMs, implicit, breakpoints: breakpoints.slice(implicit ? -3 : -4) };
}
