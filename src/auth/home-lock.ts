import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { AuthError } from "./credentials.js";

/**
 * The lock every writer of a home's `auth.json` takes: an exclusive `flock` on `auth.lock`
 * beside it — the file and the kind of lock the Codex CLI 0.171 takes around its own writes of
 * `auth.json` (seen with strace: `open(auth.lock, O_RDWR|O_CREAT)`, `flock(LOCK_EX)`), so a
 * mini-codex process and a Codex CLI of the same home wait for each other.
 *
 * Node has no flock, so the lock is taken by a helper program on a descriptor this process
 * opened and hands to it: a flock belongs to the open file description, which the child shares,
 * so it stays held after the child exits, until this process closes its descriptor (or dies: the
 * kernel then drops it, no stale lock file is left behind). The helper is `flock(1)`
 * (util-linux), else Perl's `flock` (macOS has no `flock(1)` but ships `/usr/bin/perl`; Perl
 * calls flock(2) there and on Linux). Where neither exists, only this process's callers are
 * serialised.
 */
export const LOCK_FILE = "auth.lock";

/** How long a refresh waits for another process's (a refresh is one HTTP request). */
const DEFAULT_WAIT_SECONDS = 60;

/** Callers in this process queue here first: one flock per process at a time. */
const queues = new Map<string, Promise<unknown>>();

interface LockOptions {
  waitSeconds?: number;
}

/** Run `work` holding the home's auth lock. */
export async function withAuthLock<T>(
  home: string,
  work: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const path = join(home, LOCK_FILE);
  const before = queues.get(path) ?? Promise.resolve();
  const turn = before.then(
    () => holding(path, work, options),
    () => holding(path, work, options),
  );
  const settled = turn.catch(() => {});
  queues.set(path, settled);
  try {
    return await turn;
  } finally {
    if (queues.get(path) === settled) queues.delete(path);
  }
}

async function holding<T>(path: string, work: () => Promise<T>, options: LockOptions): Promise<T> {
  mkdirSync(join(path, ".."), { recursive: true, mode: 0o700 });
  const fd = openSync(path, "a+", 0o600);
  try {
    await lockDescriptor(fd, options.waitSeconds ?? DEFAULT_WAIT_SECONDS);
    return await work();
  } finally {
    closeSync(fd);
  }
}

/** A program that takes an exclusive flock on descriptor 3, waiting up to `waitSeconds`. */
interface Locker {
  file: string;
  args: string[];
}

/** Waits for the lock in steps of 50 ms, exits 1 when the wait is over (as `flock --wait`). */
const PERL_FLOCK =
  'use Fcntl qw(:flock); open(my $fh, "+<&=", 3) or exit 2; my $end = time + $ARGV[0]; ' +
  "until (flock($fh, LOCK_EX | LOCK_NB)) { exit 1 if time >= $end; select(undef, undef, undef, 0.05) } exit 0";

/** The helpers to try, in order: util-linux's flock on PATH, then the system's Perl. */
function lockers(waitSeconds: number): Locker[] {
  return [
    { file: "flock", args: ["--exclusive", "--wait", String(waitSeconds), "3"] },
    { file: "/usr/bin/perl", args: ["-e", PERL_FLOCK, String(waitSeconds)] },
  ];
}

async function lockDescriptor(fd: number, waitSeconds: number): Promise<void> {
  for (const locker of lockers(waitSeconds)) {
    if ((await lockWith(locker, fd, waitSeconds)) === "locked") return;
  }
  // neither helper exists: the lock is this process's alone (the queue above); the refresh
  // still reads the file again first, so a token refreshed elsewhere is taken
}

function lockWith(locker: Locker, fd: number, waitSeconds: number): Promise<"locked" | "missing"> {
  return new Promise((resolve, reject) => {
    // no environment: the child needs none, and none of mini-codex's may leak to it
    const child = spawn(locker.file, locker.args, {
      stdio: ["ignore", "ignore", "pipe", fd],
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    });
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") resolve("missing");
      else reject(new AuthError(`cannot lock auth.json: ${error.message}`));
    });
    child.once("close", (code) => {
      if (code === 0) resolve("locked");
      else
        reject(
          new AuthError(
            code === 1
              ? `another process held the sign-in lock for ${waitSeconds} s; try again`
              : `cannot lock auth.json: ${locker.file} exited with ${code}${stderr ? `: ${stderr.trim()}` : ""}`,
          ),
        );
    });
  });
}
