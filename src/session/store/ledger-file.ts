import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type LedgerRow, ledgerRowSchema } from "../ledger/index.js";
import { PRIVATE_DIR, PRIVATE_FILE_MODE } from "./private-files.js";
import { endsTorn } from "./session-storage.js";
import { newestFile, sessionsDir } from "./sessions-dir.js";

export function ledgerPath(home: string, sessionId: string): string {
  return join(sessionsDir(home), `${sessionId}.ledger.jsonl`);
}

/**
 * Appends one line per request; synchronous so lines keep request order. The ledger is for
 * looking back: a write that fails is reported once (by `onError`), never thrown into a turn.
 */
export class LedgerWriter {
  readonly path: string;
  /** The last seq and turn already in the file (a resumed session numbers on from them). */
  readonly last: LedgerEnd;
  private ready = false;
  private broken: boolean;

  constructor(
    home: string,
    sessionId: string,
    private readonly options: { enabled?: boolean; onError?: (message: string) => void } = {},
  ) {
    this.path = ledgerPath(home, sessionId);
    this.broken = options.enabled === false;
    this.last = this.broken ? { seq: 0, turn: 0 } : ledgerEnd(this.path);
  }

  append(row: LedgerRow): void {
    if (this.broken) return;
    try {
      if (!this.ready) {
        mkdirSync(join(this.path, ".."), PRIVATE_DIR);
        // a torn last line from a crash must not swallow the next row
        if (endsTorn(this.path)) appendFileSync(this.path, "\n");
        this.ready = true;
      }
      appendFileSync(this.path, `${JSON.stringify(row)}\n`, { mode: PRIVATE_FILE_MODE });
    } catch (error) {
      this.broken = true;
      const code = (error as { code?: unknown }).code;
      this.options.onError?.(
        `cannot write the ledger ${this.path} (${typeof code === "string" ? code : "error"}); requests go on without it`,
      );
    }
  }
}

/** Rows of a ledger file; lines that do not parse are skipped and counted. */
export function readLedger(path: string): { rows: LedgerRow[]; skipped: number } {
  const rows: LedgerRow[] = [];
  let skipped = 0;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const row = parseLedgerLine(line);
    if (row) rows.push(row);
    else skipped += 1;
  }
  return { rows, skipped };
}

interface LedgerEnd {
  seq: number;
  turn: number;
  /** The last completed request (a resumed session's cache diagnosis starts from it). */
  completed?: LedgerRow;
}

/**
 * The highest seq and turn of an existing ledger (zeros when there is none), counting the
 * numbers a torn row still shows, so a resumed session never reuses a seq.
 */
function ledgerEnd(path: string): LedgerEnd {
  if (!existsSync(path) || !statSync(path).isFile()) return { seq: 0, turn: 0 };
  let seq = 0;
  let turn = 0;
  // as latin1, one byte a character: the keys and digits searched for are ASCII, and a 1 000-turn
  // session's ledger (megabytes) is not decoded as UTF-8; only the row parsed below is
  const bytes = readFileSync(path);
  const lines = bytes.toString("latin1").split("\n");
  for (const line of lines) {
    const rowSeq = /"seq":(\d+)/.exec(line)?.[1];
    const rowTurn = /"turn":(\d+)/.exec(line)?.[1];
    if (rowSeq) seq = Math.max(seq, Number(rowSeq));
    if (rowTurn) turn = Math.max(turn, Number(rowTurn));
  }
  // the last completed row: read from the end, so a long ledger is not validated row by row
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as string;
    if (!line.includes('"completed"')) continue;
    const row = parseLedgerLine(Buffer.from(line, "latin1").toString("utf8"));
    if (row?.outcome === "completed") return { seq, turn, completed: row };
  }
  return { seq, turn };
}

function parseLedgerLine(line: string): LedgerRow | undefined {
  try {
    const parsed = ledgerRowSchema().safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The most recently written ledger under `<home>/sessions`, if any. */
export function findLatestLedger(home: string): string | undefined {
  return newestFile(sessionsDir(home), (name) => name.endsWith(".ledger.jsonl"));
}
