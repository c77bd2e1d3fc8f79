import { z } from "zod";
import { lazy } from "../../protocol/index.js";
import type { ServerCacheFacts } from "./request-facts.js";

/** The ledger's `server_cache` cell: the server's diagnosis beside the client's (codes, figures, ids). */
export const serverCacheCellSchema = lazy(() =>
  z.object({
    verdict: z.string(),
    reason: z.string().nullable(),
    missed_tokens: z.number().nullable(),
    compared_with: z.string().nullable(),
    agrees: z.boolean().nullable(),
  }),
);
type ServerCacheCell = z.infer<ReturnType<typeof serverCacheCellSchema>>;

export function serverCacheCell(server: ServerCacheFacts | undefined): ServerCacheCell | null {
  if (!server) return null;
  return {
    verdict: server.verdict,
    reason: server.reason,
    missed_tokens: server.missedTokens,
    compared_with: server.comparedWith,
    agrees: server.agrees,
  };
}

/** The server's cache diagnoses of a ledger and how often they agreed with the client's. */
export interface ServerCacheTally {
  /** Rows with a server answer. */
  answers: number;
  /** Answers that could be compared with the client's diagnosis, and those that agreed. */
  compared: number;
  agreed: number;
  /** Verdicts and miss reasons: `cache_hit`, `cache_miss:tools_changed`, `unavailable`, … */
  verdicts: Record<string, number>;
}

export function tallyServerCache(tally: ServerCacheTally, cell: ServerCacheCell): void {
  tally.answers += 1;
  const key = cell.reason ? `${cell.verdict}:${cell.reason}` : cell.verdict;
  tally.verdicts[key] = (tally.verdicts[key] ?? 0) + 1;
  if (cell.agrees === null) return;
  tally.compared += 1;
  if (cell.agrees) tally.agreed += 1;
}

/** `server cache: cache_hit 9, …` and `client and server agree on 9 of 9 compared (100%)`. */
export function serverCacheLines(
  tally: ServerCacheTally,
  pairs: (map: Record<string, number>) => string,
): string[] {
  if (tally.answers === 0) return [];
  const share =
    tally.compared > 0 ? ` (${Math.round((tally.agreed / tally.compared) * 100)}%)` : "";
  return [
    `server cache: ${pairs(tally.verdicts)}`,
    `client and server agree on ${tally.agreed} of ${tally.compared} compared${share}`,
  ];
}

/**
 * A ledger row's server answer in a few words: `cache_hit`, `tools_changed 12k`,
 * `unavailable`, marked `≠ client` when the two disagree; empty without an answer.
 */
export function serverCacheText(row: { server_cache: ServerCacheCell | null }): string {
  const cell = row.server_cache;
  if (!cell) return "";
  const what =
    cell.verdict === "cache_miss"
      ? `${cell.reason} ${formatTokens(cell.missed_tokens ?? 0)}`
      : cell.verdict;
  return cell.agrees === false ? `${what} ≠ client` : what;
}

function formatTokens(n: number): string {
  return n < 1000 ? String(n) : `${Math.round(n / 1000)}k`;
}
