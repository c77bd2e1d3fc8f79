import { existsSync } from "node:fs";
import { CliError } from "../launch/errors.js";
import { EXIT_FAILED } from "../launch/exit-codes.js";
import { resolveHome } from "../launch/home.js";
import {
  findLatestLedger,
  formatLedgerSummary,
  ledgerPath,
  readLedger,
  summarizeLedger,
} from "../session/ledger.js";
import { isValidSessionId } from "../session/session-id.js";
import { sessionsDir } from "../session/sessions-dir.js";

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

export async function runLedgerCommand(session: string | undefined): Promise<number> {
  const file = resolveLedgerFile(resolveHome(), session);
  const { rows, skipped } = readLedger(file);
  if (rows.length === 0 && skipped > 0) {
    throw new CliError(
      `${file} is not a mini-codex ledger (no line has the ledger fields)`,
      EXIT_FAILED,
    );
  }
  process.stdout.write(`${formatLedgerSummary(summarizeLedger(rows))}\n`);
  if (skipped > 0) process.stderr.write(`(${skipped} unreadable line(s) skipped in ${file})\n`);
  return 0;
}
