import {
  appendFileSync,
  closeSync,
  fstatSync,
  fsyncSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";

/** What a file-system refusal means for the person, by errno code (docs/protocol.md, Durability). */
const STORAGE_PROBLEMS: Readonly<Record<string, string>> = {
  EROFS: "the file system is read-only",
  ENOSPC: "no space is left on the device",
  EDQUOT: "the disk quota is used up",
  EACCES: "permission is denied",
  EPERM: "the operation is not permitted",
};

/**
 * The sessions folder could not be written (read-only, full, no permission): a clear error
 * the person can act on, never a stack trace; whatever the failed write began was undone.
 */
export class SessionStorageError extends Error {
  override readonly name = "SessionStorageError";
}

/** The person's wording of a storage refusal, or undefined for any other error. */
function storageProblem(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const problem = code === undefined ? undefined : STORAGE_PROBLEMS[code];
  return problem === undefined ? undefined : `${problem} (${code})`;
}

/** `error` as a SessionStorageError saying what could not be done where, if it is one. */
export function asStorageError(error: unknown, what: string, path: string): unknown {
  const problem = storageProblem(error);
  if (problem === undefined) return error;
  return new SessionStorageError(
    `cannot ${what}: ${problem} in ${dirname(path)}; nothing was half-written. ` +
      "Free space or make the folder writable (or set MINI_CODEX_HOME elsewhere, or run with --ephemeral)",
  );
}

/**
 * Append `text` whole or not at all: a write cut short (ENOSPC half-way) is truncated back to
 * the length before it, so the file never ends in a torn record. `sync`: on disk (fsync) before
 * it returns.
 */
export function appendWhole(
  path: string,
  text: string,
  what: string,
  options: { sync?: boolean } = {},
): void {
  let before: number | undefined;
  try {
    before = statSync(path).size;
    if (options.sync) appendSynced(path, text);
    else appendFileSync(path, text);
  } catch (error) {
    if (before !== undefined) {
      try {
        truncateSync(path, before);
      } catch {
        // read-only: nothing could have been written either
      }
    }
    throw asStorageError(error, what, path);
  }
}

/** Remove a file a failed creation may have begun (best effort: it may not exist). */
export function removeBegun(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // a read-only folder: nothing was created in it
  }
}

function appendSynced(path: string, text: string): void {
  const fd = openSync(path, "a");
  try {
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether the file's last line has no newline (a write cut short: the next record must not glue
 * itself to it); false when there is no such file. Only its last byte is read: a 1 000-turn
 * session's file and ledger are megabytes.
 */
export function endsTorn(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, stat.size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}
