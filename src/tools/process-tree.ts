import { readdirSync, readFileSync } from "node:fs";

/** Grace between SIGTERM (lets shells run their EXIT traps, e.g. release lock files) and SIGKILL. */
const KILL_GRACE_MS = 1000;

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Every process below `pid` (a confined command runs in its own session, out of our group). */
function descendants(pid: number): number[] {
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
  const started = startTime(pid);
  signalTree(pid, "SIGTERM", !wrapped);
  setTimeout(() => {
    if (!stillOurs(pid, started)) return;
    signalTree(pid, "SIGKILL", true);
  }, KILL_GRACE_MS).unref();
}

/** When `pid` started (clock ticks since boot), or undefined when no such process runs. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // after the command name (which may hold spaces): starttime is the 20th field
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/**
 * The pid still names the process we started, or no process at all (its group may live on,
 * and a group's id is not handed out again while the group has a member). Another start time
 * means the number was reused by a process (and group) that is not ours: never signal it.
 */
function stillOurs(pid: number, started: string | undefined): boolean {
  const now = startTime(pid);
  return now === undefined || now === started;
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
