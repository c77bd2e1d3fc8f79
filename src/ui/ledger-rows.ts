import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/** The ledger fields the TUI shows (SPEC §5); every other field is ignored. */
export const LedgerRowSchema = z.looseObject({
  seq: z.number(),
  turn: z.number(),
  mode: z.string(),
  reason: z.string().nullish(),
  previous_response_id_present: z.boolean(),
  items_total: z.number().optional(),
  items_sent: z.number().optional(),
  bytes_sent: z.number().optional(),
  usage: z
    .looseObject({
      input_tokens: z.number().optional(),
      cached_tokens: z.number().optional(),
      output_tokens: z.number().optional(),
    })
    .nullish(),
  ms_total: z.number().nullish(),
  outcome: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;

export function ledgerPath(home: string, sessionId: string): string {
  return join(home, "sessions", `${sessionId}.ledger.jsonl`);
}

/** The last `count` valid rows of a session's ledger (bad lines skipped); [] if none yet. */
export async function readLedgerRows(path: string, count: number): Promise<LedgerRow[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const rows: LedgerRow[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const parsed = LedgerRowSchema.safeParse(JSON.parse(line));
      if (parsed.success) rows.push(parsed.data);
    } catch {
      // A torn last line while the session is writing: skip it.
    }
  }
  return rows.slice(-count);
}

export const LEDGER_HEADER = [
  "seq",
  "turn",
  "mode",
  "reason",
  "prev",
  "items",
  "bytes",
  "in",
  "cache",
  "out",
  "ms",
  "outcome",
];

export function ledgerTableRow(row: LedgerRow): string[] {
  const usage = row.usage ?? {};
  const n = (value: number | null | undefined) =>
    value === undefined || value === null ? "" : String(value);
  return [
    n(row.seq),
    n(row.turn),
    row.mode,
    row.reason ?? "",
    row.previous_response_id_present ? "✓" : "–",
    row.items_sent === undefined ? "" : `${row.items_sent}/${n(row.items_total)}`,
    n(row.bytes_sent),
    n(usage.input_tokens),
    n(usage.cached_tokens),
    n(usage.output_tokens),
    n(row.ms_total === undefined || row.ms_total === null ? undefined : Math.round(row.ms_total)),
    row.outcome,
  ];
}
