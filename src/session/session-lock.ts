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
}

/** Locks this process holds, removed when it exits however it exits (short of SIGKILL). */
const held = new Set<string>();
let exitHookInstalled = false;

function releaseAll(): void {
  for (const path of held) {
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  }
  held.clear();
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as Partial<LockOwner>;
    if (typeof value.pid === "number" && typeof value.host === "string") {
      return { pid: value.pid, host: value.host };
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

/** Whether a lock's owner may still be using the session (other hosts cannot be checked). */
export function ownerIsLive(owner: LockOwner, host = hostname()): boolean {
  if (owner.host !== host) return true;
  return owner.pid !== process.pid && alive(owner.pid);
}

/**
 * Take the exclusive lock of a session: a file with the owner's pid, created only if absent.
 * A lock left by a dead process is taken over; a live owner's lock fails at once, naming it.
 * Returns the function that releases it.
 */
export function lockSession(path: string, what: string): () => void {
  const content = `${JSON.stringify({ pid: process.pid, host: hostname() })}\n`;
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
        throw new SessionLockedError(
          `${what} is open in another mini-codex process (pid ${pid || "unknown"}); lock file ${path}`,
          path,
          pid,
        );
      }
      // stale: its owner died without removing it
      rmSync(path, { force: true });
    }
  }
  held.add(path);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", releaseAll);
  }
  return () => {
    if (!held.delete(path)) return;
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
}
