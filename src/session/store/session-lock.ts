import { randomUUID } from "node:crypto";
import {
  linkSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { processExists } from "../../tools/index.js";
import { PRIVATE_FILE_MODE } from "./private-files.js";
import { ownProcessStart, processStart } from "./process-start.js";

/** Another live process has the session open. */
export class SessionLockedError extends Error {
  constructor(
    message: string,
    readonly lockPath: string,
    readonly ownerPid: number,
  ) {
    super(message);
    this.name = "SessionLockedError";
  }
}

interface LockOwner {
  pid: number;
  host: string;
  /** Which holder in that process: two opens in one process are two owners, not one. */
  token?: string;
  /** When the owner process started (process-start.ts): a live pid that started otherwise reused it. */
  started?: string;
}

/** Locks this process holds (holder's token → lock path), removed when it exits (short of SIGKILL). */
const held = new Map<string, string>();
let exitHookInstalled = false;

/** Remove the lock file only while it is still this holder's (a taken-over lock is not). */
function unlinkIfOwn(path: string, token: string): void {
  if (readOwner(path)?.token !== token) return;
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function releaseAll(): void {
  for (const [token, path] of held) unlinkIfOwn(path, token);
  held.clear();
}

function readOwner(path: string): LockOwner | undefined {
  const text = readText(path);
  return text === undefined ? undefined : parseOwner(text);
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid === "number" && typeof value.host === "string") {
      const token = typeof value.token === "string" ? { token: value.token } : {};
      const started = typeof value.started === "string" ? { started: value.started } : {};
      return { pid: value.pid, host: value.host, ...token, ...started };
    }
  } catch {
    // unreadable: a lock torn by a crash, treated as stale
  }
  return undefined;
}

function justCreated(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs < 2_000;
  } catch {
    return false;
  }
}

/**
 * Whether a lock's owner may still be using the session (other hosts cannot be checked).
 * This process's own lock is live while one of its holders has it: a lock file with this pid
 * that no holder here knows was left by an earlier process that had the same pid. Another
 * pid is live while it exists and, when the lock records its start, started then: a process
 * that started at another time reused a dead owner's pid. A start that cannot be read now
 * counts as the same (the safe side).
 */
function ownerIsLive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return owner.token !== undefined && held.has(owner.token);
  if (!processExists(owner.pid)) return false;
  if (owner.started === undefined) return true;
  const now = processStart(owner.pid);
  return now === undefined || now === owner.started;
}

function lockedMessage(what: string, path: string, pid: number): string {
  const where =
    pid === process.pid
      ? `already open in this mini-codex process (pid ${pid})`
      : `open in another mini-codex process (pid ${pid || "unknown"})`;
  return `${what} is ${where}; lock file ${path}`;
}

/** Write `content` to a new file beside `path` (same folder, so it can be linked or renamed). */
function writeFresh(path: string, token: string, content: string): string {
  const fresh = `${path}.${token}.new`;
  try {
    writeFileSync(fresh, content, { flag: "wx", mode: PRIVATE_FILE_MODE });
  } catch (error) {
    rmSync(fresh, { force: true });
    throw error;
  }
  return fresh;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function lockedError(what: string, path: string, owner: LockOwner | undefined): SessionLockedError {
  const pid = owner?.pid ?? 0;
  return new SessionLockedError(lockedMessage(what, path, pid), path, pid);
}

/**
 * Put `fresh` at `path` atomically: created only while `path` is absent (a hard link, so the
 * lock is never seen empty or half-written), or, when the lock there is stale, replacing exactly
 * that stale lock. The replacement runs under `<path>.takeover`, itself a lock taken the same way
 * (a takeover whose process died is taken over in turn), and checks that the stale lock is still
 * the one it judged.
 *
 * Why two processes never both hold `path` (docs/protocol.md, "One process per session"):
 * 1. A file at `path` never changes in place: every placement is written whole under a private
 *    name and only then linked or renamed there, and no two placements have equal contents
 *    (`placement`), so equal contents mean the same placement.
 * 2. The name changes in three ways only: `link` (only while absent), an owner's release
 *    (`unlinkIfOwn`: only its own placement; nobody else replaces it while the owner lives,
 *    by 4) and `rename` under the guard after re-reading exactly the placement judged stale.
 * 3. The guard is held by one process at a time: by 1–4 applied to `<path>.takeover` (each
 *    further level is only entered over a stale holder of the level below, so it ends).
 * 4. Only a placement judged stale is replaced: its owner is on this host and its pid does not
 *    exist, or the process with that pid started at another time than the placement records
 *    (or it is unparseable and older than 2 s: only a torn file of an older version). A
 *    process's start never changes while it lives and each owner records its own, read the
 *    same way (process-start.ts), so a live owner's placement is never judged stale and a winner
 *    keeps its lock until it releases it or dies. With 3, two takeovers of one stale placement
 *    are serialised and the second re-reads the first's live placement (1: not equal to what it
 *    judged) and gives up.
 * A pid reused by an unrelated process is told apart by its start (taken over after a `kill -9`);
 * where the start cannot be read (a lock from an older version, another platform), a reused pid
 * makes a stale lock look live: refused (the safe side).
 */
function placeLock(path: string, fresh: string, token: string, what: string): void {
  for (;;) {
    try {
      linkSync(fresh, path);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const seen = readText(path);
    if (seen === undefined) continue; // released between the two calls: try again
    const owner = parseOwner(seen); // judge exactly the content replaceStale compares
    // an unreadable lock is one an older version was writing or a crash tore
    const live = owner ? ownerIsLive(owner) : justCreated(path);
    if (live) throw lockedError(what, path, owner);
    if (replaceStale(path, seen, fresh, token, what)) return;
  }
}

/** Under the takeover lock: replace `path` by `fresh` if it still holds `seen` (true), else false. */
function replaceStale(
  path: string,
  seen: string,
  fresh: string,
  token: string,
  what: string,
): boolean {
  const guard = `${path}.takeover`;
  const guardFresh = writeFresh(guard, token, placement(token));
  try {
    placeLock(guard, guardFresh, token, what);
  } catch (error) {
    // another process is taking this lock over right now: it will be the owner
    if (!(error instanceof SessionLockedError)) throw error;
    throw new SessionLockedError(lockedMessage(what, path, error.ownerPid), path, error.ownerPid);
  } finally {
    rmSync(guardFresh, { force: true });
  }
  try {
    if (readText(path) !== seen) return false;
    renameSync(fresh, path);
    return true;
  } finally {
    unlinkIfOwn(guard, token);
  }
}

/**
 * The content of one placement of a lock or guard file: the owner, and a nonce of its own, so
 * that no two placements ever have equal contents (a holder that takes the guard twice writes
 * two different files): comparing contents compares placements, with no ABA.
 */
function placement(token: string): string {
  const started = ownProcessStart();
  const owner: LockOwner & { placed: string } = {
    pid: process.pid,
    host: hostname(),
    token,
    ...(started === undefined ? {} : { started }),
    placed: randomUUID(),
  };
  return `${JSON.stringify(owner)}\n`;
}

/**
 * Take the exclusive lock of a session: a file with the owner's pid, created only if absent.
 * A lock left by a dead process is taken over; a live owner's lock fails at once, naming it.
 * Returns the function that releases it.
 */
export function lockSession(path: string, what: string): () => void {
  const token = randomUUID();
  const fresh = writeFresh(path, token, placement(token));
  try {
    placeLock(path, fresh, token, what);
  } finally {
    rmSync(fresh, { force: true });
  }
  held.set(token, path);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", releaseAll);
  }
  return () => {
    if (!held.delete(token)) return;
    unlinkIfOwn(path, token);
  };
}
