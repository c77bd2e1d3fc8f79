import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { formatLedgerCost, type LedgerCost, ledgerCost } from "./cost-totals.js";
import { type LedgerRow, ledgerRowSchema, WARMUP_TURN } from "./ledger-row.js";
import { PRIVATE_DIR, PRIVATE_FILE_MODE } from "./private-files.js";
import { type ServerCacheTally, serverCacheLines, tallyServerCache } from "./server-cache-tally.js";
import { newestFile, sessionsDir } from "./sessions-dir.js";

// the row's shape and how a finished request becomes one (ledger-row.ts), where they were
export { type LedgerRow, ledgerRow, ledgerRowSchema, WARMUP_TURN } from "./ledger-row.js";

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

/** The file exists and its last line has no newline (a write cut short). */
function endsTorn(path: string): boolean {
  if (!existsSync(path) || !statSync(path).isFile() || statSync(path).size === 0) return false;
  return !readFileSync(path, "utf8").endsWith("\n");
}

export interface LedgerEnd {
  seq: number;
  turn: number;
  /** The last completed request (a resumed session's cache diagnosis starts from it). */
  completed?: LedgerRow;
}

/**
 * The highest seq and turn of an existing ledger (zeros when there is none), counting the
 * numbers a torn row still shows, so a resumed session never reuses a seq.
 */
export function ledgerEnd(path: string): LedgerEnd {
  if (!existsSync(path) || !statSync(path).isFile()) return { seq: 0, turn: 0 };
  let seq = 0;
  let turn = 0;
  const lines = readFileSync(path, "utf8").split("\n");
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
    const row = parseLedgerLine(line);
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

export type { LedgerCost } from "./cost-totals.js";
export { addRequestCost, formatLedgerCost, ledgerCost } from "./cost-totals.js";

export interface LedgerSummary {
  sessionId?: string;
  requests: number;
  turns: number;
  /** Warm-up requests (turn 0). */
  warmups: number;
  modes: Record<string, number>;
  fullReasons: Record<string, number>;
  outcomes: Record<string, number>;
  /** Cache diagnoses by kind (`cache_cold`, `prefix_changed@item`, `prefix_changed:reasoning`). */
  cacheMisses: Record<string, number>;
  bytesSent: number;
  itemsSent: number;
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
  /** Cached share of input tokens, 0..1 (0 when nothing was reported). */
  cacheHitRatio: number;
  /** Share of WebSocket requests sent incrementally, 0..1. */
  incrementalRatio: number;
  /** The server's cache diagnoses and how often they agreed with the client's. */
  serverCache: ServerCacheTally;
  /** Requests per `model (catalog source)`. */
  models: Record<string, number>;
  /** Effort changes carried in-band (configuration_update), per effort. */
  inBandEfforts: Record<string, number>;
  /** US dollars over the priced requests, per model; models whose requests had no price. */
  cost: LedgerCost;
}

/** Pure summary of ledger rows for `mini-codex ledger`. */
export function summarizeLedger(rows: readonly LedgerRow[]): LedgerSummary {
  const count = (map: Record<string, number>, key: string) => {
    map[key] = (map[key] ?? 0) + 1;
  };
  const summary: LedgerSummary = {
    sessionId: rows[0]?.session_id,
    requests: rows.length,
    turns: new Set(rows.map((row) => row.turn).filter((turn) => turn !== WARMUP_TURN)).size,
    warmups: rows.filter((row) => row.turn === WARMUP_TURN).length,
    modes: {},
    fullReasons: {},
    outcomes: {},
    cacheMisses: {},
    bytesSent: 0,
    itemsSent: 0,
    inputTokens: 0,
    cachedTokens: 0,
    outputTokens: 0,
    cacheHitRatio: 0,
    incrementalRatio: 0,
    serverCache: { answers: 0, compared: 0, agreed: 0, verdicts: {} },
    models: {},
    inBandEfforts: {},
    cost: ledgerCost(rows),
  };
  let wsRequests = 0;
  for (const row of rows) {
    count(summary.modes, row.mode);
    count(summary.outcomes, row.outcome);
    if (row.reason) count(summary.fullReasons, row.reason);
    if (row.cache_diagnosis) count(summary.cacheMisses, missKind(row.cache_diagnosis));
    if (row.server_cache) tallyServerCache(summary.serverCache, row.server_cache);
    if (row.transport === "ws") wsRequests += 1;
    count(summary.models, `${row.model} (${row.model_source ?? "source unknown"})`);
    if (row.effort_update) count(summary.inBandEfforts, row.effort_update);
    summary.bytesSent += row.bytes_sent;
    summary.itemsSent += row.items_sent;
    summary.inputTokens += row.usage?.input_tokens ?? 0;
    summary.cachedTokens += row.usage?.cached_tokens ?? 0;
    summary.outputTokens += row.usage?.output_tokens ?? 0;
  }
  summary.cacheHitRatio = summary.inputTokens > 0 ? summary.cachedTokens / summary.inputTokens : 0;
  summary.incrementalRatio = wsRequests > 0 ? (summary.modes.ws_incremental ?? 0) / wsRequests : 0;
  return summary;
}

/** A readable multi-line rendering of a summary. */
export function formatLedgerSummary(summary: LedgerSummary): string {
  const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;
  const pairs = (map: Record<string, number>) =>
    Object.entries(map)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([key, value]) => `${key} ${value}`)
      .join(", ") || "none";
  return [
    `session ${summary.sessionId ?? "(empty)"}`,
    `requests ${summary.requests} over ${summary.turns} turn(s)${warmups(summary.warmups)}`,
    `modes: ${pairs(summary.modes)} (incremental ${pct(summary.incrementalRatio)} of WebSocket requests)`,
    `models: ${pairs(summary.models)}`,
    `full because: ${pairs(summary.fullReasons)}`,
    `in-band effort changes: ${pairs(summary.inBandEfforts)}`,
    `outcomes: ${pairs(summary.outcomes)}`,
    `cache misses: ${pairs(summary.cacheMisses)}`,
    `sent ${summary.bytesSent} bytes, ${summary.itemsSent} items`,
    `tokens: input ${summary.inputTokens}, cached ${summary.cachedTokens} (${pct(summary.cacheHitRatio)}), output ${summary.outputTokens}`,
    ...serverCacheLines(summary.serverCache, pairs),
    `cost: ${formatLedgerCost(summary.cost)}`,
  ].join("\n");
}

/** The kind of a diagnosis without its figures, so misses of one kind count together. */
function missKind(diagnosis: string): string {
  return diagnosis.replace(/^cache_cold:\d+$/, "cache_cold").replace(/@\d+$/, "@item");
}

function warmups(count: number): string {
  return count === 0 ? "" : `, ${count} warm-up${count > 1 ? "s" : ""}`;
}
