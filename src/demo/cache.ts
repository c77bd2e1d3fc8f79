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
  /** The values the parts were made from (a later prompt compares its own against them). */
  values?: unknown[];
}

interface Piece {
  json: string;
  size: number;
}

// A chained request's context reuses the stored items, so each item is serialized once; a full
// request (a resumed session) resends equal items, found equal to the last prompt's at the same
// place (a walk, cheaper than serializing 10 000 items again).
const itemJson = new WeakMap<object, Piece>();

const made = (json: string): Piece => ({ json, size: Buffer.byteLength(json, "utf8") });

/** Equal as JSON values (object key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((value, i) => sameJson(value, b[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const other = b as Record<string, unknown>;
  return keys.every(
    (key) => Object.hasOwn(other, key) && sameJson((a as Record<string, unknown>)[key], other[key]),
  );
}

function piece(value: unknown, previous: PromptStream | undefined, index: number): Piece {
  if (value === null || typeof value !== "object") return made(canonicalJson(value) ?? "");
  const known = itemJson.get(value);
  if (known) return known;
  const before = previous?.values?.[index];
  const found =
    previous && before !== undefined && sameJson(value, before)
      ? { json: previous.parts[index] as string, size: previous.sizes[index] as number }
      : made(canonicalJson(value));
  itemJson.set(value, found);
  return found;
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
 * `previous` (the key's last prompt) only saves serializing what is equal to it.
 */
export function promptTokenStream(
  parts: { reasoning?: unknown; instructions: string; tools: unknown; context: ResponseItem[] },
  previous?: PromptStream,
): PromptStream {
  const head = parts.reasoning === undefined ? [] : [parts.reasoning];
  const values = [...head, parts.instructions, parts.tools, ...parts.context];
  const pieces = values.map((value, i) => piece(value, previous, i));
  const sizes = pieces.map((p) => p.size);
  const bytes = sizes.reduce((a, b) => a + b, 0);
  return { parts: pieces.map((p) => p.json), sizes, bytes, values };
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

  /** The last prompt stored under this key. */
  latest(key: string): PromptStream | undefined {
    return this.streams.get(key)?.at(-1);
  }

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
