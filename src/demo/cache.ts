import type { ResponseItem } from "../protocol/items.js";
import { canonicalJson } from "../protocol/json.js";

const CACHE_MIN_TOKENS = 1024;
const CACHE_STEP_TOKENS = 128;
const STREAMS_PER_KEY = 32;

/**
 * The prompt as the simulated cache sees it: the reasoning settings first (a real server may
 * render effort as an instruction at the very start of the context, so a changed effort shares
 * no prefix), then instructions, tools and every context item, each as canonical JSON.
 */
export function promptTokenStream(parts: {
  reasoning?: unknown;
  instructions: string;
  tools: unknown;
  context: ResponseItem[];
}): string {
  const head = [
    parts.reasoning === undefined ? "" : canonicalJson(parts.reasoning),
    canonicalJson(parts.instructions),
    canonicalJson(parts.tools),
  ];
  return [...head, ...parts.context.map((item) => canonicalJson(item))].join("");
}

/** Tokens ≈ bytes / 4. */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, "utf8") / 4);
}

/** Cached tokens for a prefix of `tokens`: 0 below 1024, then whole 128-token steps. */
export function cacheableTokens(tokens: number): number {
  if (tokens < CACHE_MIN_TOKENS) return 0;
  return (
    CACHE_MIN_TOKENS +
    Math.floor((tokens - CACHE_MIN_TOKENS) / CACHE_STEP_TOKENS) * CACHE_STEP_TOKENS
  );
}

function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Longest previously seen prefix under the same prompt_cache_key (docs/protocol.md, "The demo server"). */
export class PromptCacheSimulator {
  private readonly streams = new Map<string, string[]>();

  /** Cached tokens for this prompt, then remember it for later requests. */
  lookupAndStore(key: string, stream: string): number {
    const seen = this.streams.get(key) ?? [];
    let best = 0;
    for (const previous of seen) best = Math.max(best, commonPrefixLength(previous, stream));
    const cachedBytes = Buffer.byteLength(stream.slice(0, best), "utf8");
    const kept = seen.filter((previous) => !stream.startsWith(previous));
    kept.push(stream);
    this.streams.set(key, kept.slice(-STREAMS_PER_KEY));
    return cacheableTokens(Math.floor(cachedBytes / 4));
  }

  clear(): void {
    this.streams.clear();
  }
}
