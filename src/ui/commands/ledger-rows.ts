import { existsSync } from "node:fs";
import { type LedgerRow, readLedger, WARMUP_TURN } from "../../session/ledger.js";
import { serverCacheText } from "../../session/server-cache-tally.js";

export { ledgerPath } from "../../session/ledger.js";

/** The last `count` valid rows of a session's ledger (torn lines skipped); [] if none yet. */
export function readLedgerRows(path: string, count: number): LedgerRow[] {
  if (!existsSync(path)) return [];
  return readLedger(path).rows.slice(-count);
}

/** The free-text reason and cache miss go last: on a narrow terminal only they are cut. */
export const LEDGER_HEADER = [
  "seq",
  "turn",
  "mode",
  "prev",
  "items",
  "bytes",
  "in",
  "cache",
  "out",
  "ms",
  "outcome",
  "reason",
  "cache miss",
  "server",
];

export function ledgerTableRow(row: LedgerRow): string[] {
  const usage = row.usage;
  const n = (value: number | null | undefined) =>
    value === undefined || value === null ? "" : String(value);
  return [
    n(row.seq),
    row.turn === WARMUP_TURN ? "warm-up" : n(row.turn),
    row.mode,
    row.previous_response_id_present ? "✓" : "–",
    `${row.items_sent}/${row.items_total}`,
    n(row.bytes_sent),
    n(usage?.input_tokens),
    n(usage?.cached_tokens),
    n(usage?.output_tokens),
    n(Math.round(row.ms_total)),
    row.outcome,
    row.reason ?? "",
    cacheMissCell(row),
    serverCacheText(row),
  ];
}

/** The diagnosis code, with the request whose prefix a cold cache repeated: `cache_cold:12 #7`. */
function cacheMissCell(row: LedgerRow): string {
  const diagnosis = row.cache_diagnosis ?? "";
  return diagnosis.startsWith("cache_cold") && row.shared_prefix
    ? `${diagnosis} #${row.shared_prefix.seq}`
    : diagnosis;
}
