import { existsSync } from "node:fs";
import { CliError, EXIT_FAILED, resolveHome } from "../launch/index.js";
import {
  findLatestLedger,
  formatCostByTurn,
  formatLedgerPicture,
  formatLedgerSummary,
  isValidSessionId,
  ledgerPath,
  readLedger,
  sessionsDir,
  summarizeLedger,
} from "../session/index.js";

/** Which ledger file `mini-codex ledger [session]` means: a path, a session id, or the latest. */
export function resolveLedgerFile(home: string, session: string | undefined): string {
  if (session === undefined) {
    const latest = findLatestLedger(home);
    if (!latest) throw new CliError(`no ledgers yet in ${sessionsDir(home)}`, EXIT_FAILED);
    return latest;
  }
  if (existsSync(session)) return session;
  if (isValidSessionId(session)) {
    const path = ledgerPath(home, session);
    if (existsSync(path)) return path;
  }
  throw new CliError(`no ledger for ${session} in ${sessionsDir(home)}`, EXIT_FAILED);
}

/**
 * The summary and a one-line-per-request picture of where the chain and the cache broke;
 * `--json`: one JSON document `{file, summary, rows}` for scripts.
 */
export async function runLedgerCommand(
  session: string | undefined,
  options: { json?: boolean; cost?: boolean } = {},
): Promise<number> {
  const file = resolveLedgerFile(resolveHome(), session);
  const { rows, skipped } = readLedger(file);
  if (rows.length === 0 && skipped > 0) {
    throw new CliError(
      `${file} is not a mini-codex ledger (no line has the ledger fields)`,
      EXIT_FAILED,
    );
  }
  const summary = summarizeLedger(rows);
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ file, summary, rows, skipped })}\n`);
    return 0;
  }
  const body = options.cost ? formatCostByTurn(rows) : formatLedgerPicture(rows);
  process.stdout.write(`${formatLedgerSummary(summary)}\n\n${body}\n`);
  if (skipped > 0) process.stderr.write(`(${skipped} unreadable line(s) skipped in ${file})\n`);
  return 0;
}
