import { effortChange } from "./ledger-efforts.js";
import type { LedgerRow } from "./ledger-row.js";
import { serverCacheText } from "./server-cache-tally.js";

/** Cells of the cached-share bar: enough to see a drop, narrow enough for 80 columns. */
export const BAR_CELLS = 20;

const MODE_MARKS = { ws_incremental: "inc", ws_full: "FULL", http_full: "HTTP" } as const;

/** `████████░░` for a share 0..1 (rounded to whole cells; a non-zero share shows ≥ 1 cell). */
export function shareBar(share: number, cells = BAR_CELLS): string {
  const clamped = Math.min(1, Math.max(0, share));
  const filled = clamped > 0 ? Math.max(1, Math.round(clamped * cells)) : 0;
  return "█".repeat(filled) + "░".repeat(cells - filled);
}

/**
 * One line per request — seq, turn, mode, a bar of its cached share, the cache diagnosis, why
 * it went full and where the effort changed (in-band or on a lane) — so a person sees at a
 * glance where the chain and the cache broke.
 */
export function formatLedgerPicture(rows: readonly LedgerRow[]): string {
  const header = `${"seq".padStart(4)} ${"turn".padStart(4)} ${"mode".padEnd(4)} ${"cached share".padEnd(BAR_CELLS)}      why`;
  const lines = rows.map((row, i) => {
    const usage = row.outcome === "completed" ? row.usage : null;
    const share = usage && usage.input_tokens > 0 ? usage.cached_tokens / usage.input_tokens : 0;
    const bar = usage ? shareBar(share) : "·".repeat(BAR_CELLS);
    const pct = usage ? `${Math.round(share * 100)}%`.padStart(4) : "  — ";
    const why = [
      row.outcome === "completed" ? null : row.outcome,
      row.cache_diagnosis,
      row.server_cache ? `server: ${serverCacheText(row)}` : null,
      row.mode === "ws_incremental" ? null : row.reason && `full: ${row.reason}`,
      effortChange(row, rows[i - 1]),
    ].filter(Boolean);
    return `${String(row.seq).padStart(4)} ${String(row.turn).padStart(4)} ${MODE_MARKS[row.mode].padEnd(4)} ${bar} ${pct} ${why.join("  ")}`.trimEnd();
  });
  return [header, ...lines].join("\n");
}
