import type { UsageFigures } from "../protocol/events.js";
import { describeDiagnosis, parseDiagnosis } from "../session/cache-diagnosis.js";
import type { RequestCacheFacts } from "../session/events.js";
import { compactNumber } from "./request-labels.js";

/** A lost cache worth a person's attention: the diagnosis and the request it repeated. */
export interface CacheDrop {
  diagnosis: string;
  sharedSeq?: number;
}

/** Only prefix changes and cold caches are drops; a first or tiny prompt is expected to miss. */
export function cacheDropOf(cache: RequestCacheFacts | undefined): CacheDrop | undefined {
  const kind = parseDiagnosis(cache?.diagnosis)?.kind;
  if (!cache?.diagnosis || kind === undefined || kind === "first_request") return undefined;
  if (kind === "below_minimum") return undefined;
  return {
    diagnosis: cache.diagnosis,
    ...(cache.sharedPrefix ? { sharedSeq: cache.sharedPrefix.seq } : {}),
  };
}

/** `cached 0 — prefix changed: reasoning`, `cached 0 — same prefix as #7, 12 min ago`, shorter. */
export function cacheDropTexts(s: { usage?: UsageFigures; cacheDrop?: CacheDrop }): string[] {
  if (!s.usage || !s.cacheDrop) return [];
  const cached = `cached ${compactNumber(s.usage.cached_tokens)}`;
  const why = describeDiagnosis(s.cacheDrop.diagnosis, s.cacheDrop.sharedSeq);
  const kind = parseDiagnosis(s.cacheDrop.diagnosis)?.kind;
  const short = kind === "cache_cold" ? "cache cold" : "prefix changed";
  return why ? [`${cached} — ${why}`, `${cached} — ${short}`, cached] : [];
}
