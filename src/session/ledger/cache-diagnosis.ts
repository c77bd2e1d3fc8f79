/**
 * Why a request got fewer cached tokens than it could have (docs/protocol.md, "Cache
 * diagnosis"). Pure: figures in, one short code out. It never contains prompt text.
 */

/** OpenAI caches prompts from 1 024 tokens on: below that `cached_tokens` is always 0. */
export const MIN_CACHEABLE_TOKENS = 1024;

/**
 * Cache hits come back in 128-token blocks and a few tokens near the end are never cached, so
 * only getting less than half of the expected prefix back counts as a cold cache.
 */
export const COLD_CACHED_SHARE = 0.5;

const MS_PER_MINUTE = 60_000;

/** The earlier request of the session whose input shares the longest prefix with this one. */
export interface BestEarlier {
  seq: number;
  /** Input items of that request. */
  items: number;
  /** What its prompt came to (its usage.input_tokens). */
  inputTokens: number;
  /** When it completed (ms, the session clock). */
  at: number;
}

interface DiagnosisInput {
  inputTokens: number;
  cachedTokens: number;
  best?: BestEarlier;
  /** Input items this request shares with `best`. */
  sharedItems: number;
  /** Compared request fields that differ from `best` (instructions, tools, reasoning, …). */
  changedFields: readonly string[];
  now: number;
}

/**
 * `null` when nothing was lost: the request extends `best`'s whole prefix and the cache gave
 * about that much back. Otherwise the first cause that explains it, most specific first.
 */
export function diagnoseCache(input: DiagnosisInput): string | null {
  if (input.inputTokens < MIN_CACHEABLE_TOKENS) return "below_minimum";
  const { best } = input;
  if (!best) return "first_request";
  if (input.changedFields.length > 0) return `prefix_changed:${input.changedFields.join(",")}`;
  if (input.sharedItems < best.items) return `prefix_changed@${input.sharedItems}`;
  const expected = best.inputTokens < MIN_CACHEABLE_TOKENS ? 0 : best.inputTokens;
  if (input.cachedTokens < COLD_CACHED_SHARE * Math.min(expected, input.inputTokens)) {
    return `cache_cold:${Math.max(0, Math.round((input.now - best.at) / MS_PER_MINUTE))}`;
  }
  return null;
}

/**
 * Tokens of a prefix the server had seen that it did not serve (0 when nothing was lost): on
 * a cold cache or a changed request field, the earlier request's prompt (up to this one's
 * length) less what came back cached. A prefix cut at an item is not counted: the server had
 * not seen what follows the cut.
 */
export function missedPrefixTokens(input: DiagnosisInput, diagnosis: string | null): number {
  if (!diagnosis || !input.best) return 0;
  if (!diagnosis.startsWith("cache_cold") && !diagnosis.startsWith("prefix_changed:")) return 0;
  const seen = Math.min(input.best.inputTokens, input.inputTokens);
  return Math.max(0, seen - input.cachedTokens);
}

/** A diagnosis read back from a ledger row, for the views. */
type DiagnosisView =
  | { kind: "prefix_changed"; fields: string[] }
  | { kind: "prefix_changed_at"; index: number }
  | { kind: "cache_cold"; minutes: number }
  | { kind: "below_minimum" }
  | { kind: "first_request" };

export function parseDiagnosis(text: string | null | undefined): DiagnosisView | undefined {
  if (!text) return undefined;
  if (text === "below_minimum" || text === "first_request") return { kind: text };
  const at = /^prefix_changed@(\d+)$/.exec(text);
  if (at) return { kind: "prefix_changed_at", index: Number(at[1]) };
  const fields = /^prefix_changed:(.+)$/.exec(text);
  if (fields) return { kind: "prefix_changed", fields: (fields[1] as string).split(",") };
  const cold = /^cache_cold:(\d+)$/.exec(text);
  if (cold) return { kind: "cache_cold", minutes: Number(cold[1]) };
  return undefined;
}

/**
 * A person's words for a diagnosis (`sharedSeq`: the request whose prefix this one repeated):
 * "prefix changed: reasoning", "same prefix as #7, 12 min ago".
 */
export function describeDiagnosis(
  text: string | null | undefined,
  sharedSeq?: number,
): string | undefined {
  const view = parseDiagnosis(text);
  if (!view) return undefined;
  switch (view.kind) {
    case "prefix_changed":
      return `prefix changed: ${view.fields.join(", ")}`;
    case "prefix_changed_at":
      return `prefix changed at item ${view.index}`;
    case "cache_cold":
      return sharedSeq === undefined
        ? `same prefix, ${view.minutes} min ago: cache cold`
        : `same prefix as #${sharedSeq}, ${view.minutes} min ago`;
    case "below_minimum":
      return `prompt under ${MIN_CACHEABLE_TOKENS} tokens`;
    case "first_request":
      return "first request";
  }
}
