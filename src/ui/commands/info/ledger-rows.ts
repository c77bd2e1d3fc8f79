import { existsSync } from "node:fs";
import {
  effortChange,
  type LedgerRow,
  readLedger,
  serverCacheText,
  WARMUP_TURN,
} from "../../../session/index.js";

/** The last `count` valid rows of a session's ledger (torn lines skipped); [] if none yet. */
export function readLedgerRows(path: string, count: number): LedgerRow[] {
  return readLedgerTable(path, count).map(({ row }) => row);
}

/** The last `count` rows, each with where it changed the effort (read over the whole ledger). */
export function readLedgerTable(
  path: string,
  count: number,
): Array<{ row: LedgerRow; change: string | null }> {
  if (!existsSync(path)) return [];
  const { rows } = readLedger(path);
  return rows.map((row, i) => ({ row, change: effortChange(row, rows[i - 1]) })).slice(-count);
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

/** A row's cells; `change`: where it changed the effort (`readLedgerTable`), said with the reason. */
export function ledgerTableRow(row: LedgerRow, change: string | null = null): string[] {
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
    [row.reason, change].filter(Boolean).join("  "),
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
