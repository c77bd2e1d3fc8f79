import { randomUUID } from "node:crypto";
import { readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";

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
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as Partial<LockOwner>;
    if (typeof value.pid === "number" && typeof value.host === "string") {
      const token = typeof value.token === "string" ? { token: value.token } : {};
      return { pid: value.pid, host: value.host, ...token };
    }
  } catch {
    // unreadable: a lock torn by a crash, treated as stale
  }
  return undefined;
}

/** A process that exists (EPERM: it exists but belongs to someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
 * that no holder here knows was left by an earlier process that had the same pid.
 */
function ownerIsLive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return owner.token !== undefined && held.has(owner.token);
  return alive(owner.pid);
}

function lockedMessage(what: string, path: string, pid: number): string {
  const where =
    pid === process.pid
      ? `already open in this mini-codex process (pid ${pid})`
      : `open in another mini-codex process (pid ${pid || "unknown"})`;
  return `${what} is ${where}; lock file ${path}`;
}

/**
 * Take the exclusive lock of a session: a file with the owner's pid, created only if absent.
 * A lock left by a dead process is taken over; a live owner's lock fails at once, naming it.
 * Returns the function that releases it.
 */
export function lockSession(path: string, what: string): () => void {
  const token = randomUUID();
  const content = `${JSON.stringify({ pid: process.pid, host: hostname(), token })}\n`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(path, content, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(path);
      // a lock without an owner yet is being written by a process starting right now
      const live = owner ? ownerIsLive(owner) : justCreated(path);
      if (live || attempt > 0) {
        const pid = owner?.pid ?? 0;
        throw new SessionLockedError(lockedMessage(what, path, pid), path, pid);
      }
      // stale: its owner died without removing it
      rmSync(path, { force: true });
    }
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
