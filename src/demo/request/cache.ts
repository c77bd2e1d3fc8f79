import type { ResponseItem } from "../../protocol/index.js";
import { canonicalJson } from "../../protocol/index.js";

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
function textStream(text: string): PromptStream {
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

/** A place a prefix was written to the cache, and when it expires. */
interface CacheBoundary {
  bytes: number;
  expiresAt: number;
}

/**
 * How one request uses the cache. `legacy` (no `prompt_cache_options`): any shared prefix is
 * reused, block by block, as before breakpoints existed. Otherwise only a prefix ending at a
 * written boundary is: the implicit one at the end of the prompt (mode `implicit`) and the
 * request's explicit breakpoints. Every write lives `ttlMs` (30 minutes by default).
 */
export interface CacheUse {
  legacy: boolean;
  ttlMs: number;
  /** Boundaries this request writes besides the implicit one (byte offsets, each with its TTL). */
  breakpoints: ReadonlyArray<{ bytes: number; ttlMs: number }>;
  implicit: boolean;
}

export const TTL_30M_MS = 30 * 60_000;

const LEGACY_USE: CacheUse = { legacy: true, ttlMs: TTL_30M_MS, breakpoints: [], implicit: true };

interface CacheEntry {
  stream: PromptStream;
  boundaries: CacheBoundary[];
  legacy: boolean;
}

/** Boundaries the conversation keeps at most (the API considers the latest 80). */
const BOUNDARIES_KEPT = 80;

/** Longest previously seen prefix under the same prompt_cache_key (docs/protocol.md, "The demo server"). */
export class PromptCacheSimulator {
  private readonly streams = new Map<string, CacheEntry[]>();

  /** `now`: the cache's clock (the demo's test hook moves it forward). */
  constructor(private readonly now: () => number = Date.now) {}

  /** The last prompt stored under this key. */
  latest(key: string): PromptStream | undefined {
    return this.streams.get(key)?.at(-1)?.stream;
  }

  /** Cached tokens for this prompt, then remember it (and what it writes) for later requests. */
  lookupAndStore(key: string, prompt: PromptStream | string, use: CacheUse = LEGACY_USE): number {
    const stream = typeof prompt === "string" ? textStream(prompt) : prompt;
    const now = this.now();
    const seen = (this.streams.get(key) ?? []).map((entry) => live(entry, now));
    let best = 0;
    const kept: CacheEntry[] = [];
    const carried: CacheBoundary[] = [];
    for (const entry of seen) {
      const shared = sharedBytes(entry.stream, stream);
      best = Math.max(best, reusable(entry, shared, use.legacy));
      // a prompt this one extends adds nothing but the boundaries it wrote
      if (shared < entry.stream.bytes) kept.push(entry);
      else carried.push(...entry.boundaries);
    }
    const written = writes(stream, use, now);
    const boundaries = [...carried, ...written].slice(-BOUNDARIES_KEPT);
    if (boundaries.length > 0) kept.push({ stream, boundaries, legacy: use.legacy });
    this.streams.set(key, kept.slice(-STREAMS_PER_KEY));
    if (!use.legacy && !use.implicit && use.breakpoints.length === 0) return 0; // no caching
    return cacheableTokens(Math.floor(best / 4));
  }

  clear(): void {
    this.streams.clear();
  }
}

/** The entry without its expired boundaries. */
function live(entry: CacheEntry, now: number): CacheEntry {
  return { ...entry, boundaries: entry.boundaries.filter((b) => b.expiresAt > now) };
}

/** Bytes of an entry a prompt sharing `shared` bytes with it may reuse. */
function reusable(entry: CacheEntry, shared: number, legacy: boolean): number {
  if (entry.boundaries.length === 0) return 0;
  if (legacy && entry.legacy) return shared;
  let bytes = 0;
  for (const boundary of entry.boundaries) {
    if (boundary.bytes <= shared) bytes = Math.max(bytes, boundary.bytes);
  }
  return bytes;
}

/** What a request writes: the implicit end-of-prompt boundary and its breakpoints. */
function writes(stream: PromptStream, use: CacheUse, now: number): CacheBoundary[] {
  const out = use.breakpoints.map((b) => ({ bytes: b.bytes, expiresAt: now + b.ttlMs }));
  if (use.implicit) out.push({ bytes: stream.bytes, expiresAt: now + use.ttlMs });
  return out;
}
