import { readdirSync, readFileSync } from "node:fs";

/** Grace between SIGTERM (lets shells run their EXIT traps, e.g. release lock files) and SIGKILL. */
export const KILL_GRACE_MS = 1000;

/** Every process below `pid` (a confined command runs in its own session, out of our group). */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${current}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = "";
      try {
        children = readFileSync(`/proc/${current}/task/${task}/children`, "utf8");
      } catch {
        // gone meanwhile
      }
      for (const child of children.split(" ")) {
        if (child.trim() === "") continue;
        out.push(Number(child));
        queue.push(Number(child));
      }
    }
  }
  return out;
}

/**
 * Signal the command's processes, deepest first. `root` also signals the process we started
 * (its group): bwrap gets only the final SIGKILL, since a bwrap killed while it sets up the
 * sandbox could leave its child without --die-with-parent.
 */
function signalTree(pid: number, signal: NodeJS.Signals, root: boolean): void {
  const targets = descendants(pid).reverse();
  if (root) targets.push(-pid);
  for (const target of targets) {
    try {
      process.kill(target, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Stop the command and everything it started: TERM (not to a bwrap), then KILL to all after
 * the grace, so a process that ignores SIGTERM still ends.
 */
export function killTree(pid: number | undefined, wrapped: boolean): void {
  if (pid === undefined) return;
  signalTree(pid, "SIGTERM", !wrapped);
  setTimeout(() => signalTree(pid, "SIGKILL", true), KILL_GRACE_MS).unref();
}

/** Commands still running, killed if mini-codex exits (a SIGKILL is bwrap's --die-with-parent's). */
const running = new Set<number>();
let exitHookInstalled = false;

export function track(pid: number | undefined): void {
  if (pid === undefined) return;
  running.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const group of running) signalTree(group, "SIGKILL", true);
  });
}

export function untrack(pid: number | undefined): void {
  if (pid !== undefined) running.delete(pid);
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system, seconds) used so far by `pid` and every process below it. */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const each of [pid, ...descendants(pid)]) {
    try {
      const stat = readFileSync(`/proc/${each}/stat`, "utf8");
      // fields after the command name (which may hold spaces): utime is the 12th, stime the 13th
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}
