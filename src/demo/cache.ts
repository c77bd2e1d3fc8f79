import type { ResponseItem } from "../protocol/items.js";
import { canonicalJson } from "../protocol/json.js";

const CACHE_MIN_TOKENS = 1024;
const CACHE_STEP_TOKENS = 128;
const STREAMS_PER_KEY = 32;

/** The prompt as pieces of canonical JSON with their UTF-8 sizes (their concatenation is the prompt). */
export interface PromptStream {
  parts: string[];
  sizes: number[];
  bytes: number;
}

// A chained request's context reuses the stored items, so each item is serialized once.
const itemJson = new WeakMap<object, { json: string; size: number }>();

function piece(value: unknown): { json: string; size: number } {
  const known = value !== null && typeof value === "object" ? itemJson.get(value) : undefined;
  if (known) return known;
  const json = canonicalJson(value) ?? "";
  const made = { json, size: Buffer.byteLength(json, "utf8") };
  if (value !== null && typeof value === "object") itemJson.set(value, made);
  return made;
}

/** A prompt given as one text (tests). */
export function textStream(text: string): PromptStream {
  const size = Buffer.byteLength(text, "utf8");
  return { parts: [text], sizes: [size], bytes: size };
}

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
}): PromptStream {
  const head = parts.reasoning === undefined ? [] : [parts.reasoning];
  const pieces = [...head, parts.instructions, parts.tools, ...parts.context].map(piece);
  const sizes = pieces.map((p) => p.size);
  return { parts: pieces.map((p) => p.json), sizes, bytes: sizes.reduce((a, b) => a + b, 0) };
}

/** Tokens ≈ bytes / 4. */
export function estimateTokens(prompt: PromptStream | string): number {
  const bytes = typeof prompt === "string" ? Buffer.byteLength(prompt, "utf8") : prompt.bytes;
  return Math.ceil(bytes / 4);
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

/** UTF-8 bytes two prompts share at their start: whole equal pieces, then the first differing one's. */
function sharedBytes(a: PromptStream, b: PromptStream): number {
  const n = Math.min(a.parts.length, b.parts.length);
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const x = a.parts[i] as string;
    const y = b.parts[i] as string;
    if (x === y) {
      bytes += a.sizes[i] as number;
      continue;
    }
    return bytes + Buffer.byteLength(x.slice(0, commonPrefixLength(x, y)), "utf8");
  }
  return bytes;
}

/** Longest previously seen prefix under the same prompt_cache_key (docs/protocol.md, "The demo server"). */
export class PromptCacheSimulator {
  private readonly streams = new Map<string, PromptStream[]>();

  /** Cached tokens for this prompt, then remember it for later requests. */
  lookupAndStore(key: string, prompt: PromptStream | string): number {
    const stream = typeof prompt === "string" ? textStream(prompt) : prompt;
    const seen = this.streams.get(key) ?? [];
    let best = 0;
    const kept: PromptStream[] = [];
    for (const previous of seen) {
      const shared = sharedBytes(previous, stream);
      best = Math.max(best, shared);
      // a prompt this one extends adds nothing
      if (shared < previous.bytes) kept.push(previous);
    }
    kept.push(stream);
    this.streams.set(key, kept.slice(-STREAMS_PER_KEY));
    return cacheableTokens(Math.floor(best / 4));
  }

  clear(): void {
    this.streams.clear();
  }
}
