import type { UsageFigures } from "../../protocol/index.js";
import type { RequestCacheFacts, ServerCacheFacts } from "../../session/index.js";
import { describeDiagnosis, parseDiagnosis } from "../../session/index.js";
import { compactNumber } from "./request-labels.js";

/**
 * A lost cache worth a person's attention: the client's diagnosis (null when only the server
 * saw a miss), the request it repeated, and the server's own answer when it gave one.
 */
export interface CacheDrop {
  diagnosis: string | null;
  sharedSeq?: number;
  server?: ServerCacheFacts;
}

/** Only prefix changes and cold caches are drops; a first or tiny prompt is expected to miss. */
function clientDrop(cache: RequestCacheFacts | undefined): boolean {
  const kind = parseDiagnosis(cache?.diagnosis)?.kind;
  return kind !== undefined && kind !== "first_request" && kind !== "below_minimum";
}

/** A drop when the client saw one or the server reported a miss (the two may disagree). */
export function cacheDropOf(cache: RequestCacheFacts | undefined): CacheDrop | undefined {
  const serverMiss = cache?.server?.verdict === "cache_miss";
  if (!cache || (!clientDrop(cache) && !serverMiss)) return undefined;
  return {
    diagnosis: clientDrop(cache) ? cache.diagnosis : null,
    ...(cache.sharedPrefix ? { sharedSeq: cache.sharedPrefix.seq } : {}),
    ...(cache.server ? { server: cache.server } : {}),
  };
}

/** The server's words: `server: reasoning_effort_changed, 182k tokens`, `server: unavailable`. */
function serverWords(server: ServerCacheFacts): string {
  switch (server.verdict) {
    case "cache_miss":
      return `server: ${server.reason}, ${compactNumber(server.missedTokens ?? 0)} tokens`;
    case "cache_hit":
      return "server: cache hit";
    case "comparison_response_not_found":
      return "server: comparison response not found";
    default:
      return `server: ${server.verdict}`;
  }
}

/**
 * `cached 0 — server: reasoning_effort_changed, 182k tokens`, with the client's reading when it
 * disagrees; `cached 0 — prefix changed: reasoning` without a server answer; then shorter.
 */
export function cacheDropTexts(s: { usage?: UsageFigures; cacheDrop?: CacheDrop }): string[] {
  if (!s.usage || !s.cacheDrop) return [];
  const { diagnosis, sharedSeq, server } = s.cacheDrop;
  const cached = `cached ${compactNumber(s.usage.cached_tokens)}`;
  const client = describeDiagnosis(diagnosis, sharedSeq);
  const kind = parseDiagnosis(diagnosis)?.kind;
  const short = kind === "cache_cold" ? "cache cold" : "prefix changed";
  if (!server) return client ? [`${cached} — ${client}`, `${cached} — ${short}`, cached] : [];
  const said = serverWords(server);
  const disagree =
    server.agrees === false ? ` (client: ${client ?? "no drop"} — they disagree)` : "";
  const first = server.verdict === "cache_miss" ? said : `${client ?? short}; ${said}`;
  return [`${cached} — ${first}${disagree}`, `${cached} — ${first}`, `${cached} — ${said}`, cached];
}
