import { readdirSync, readFileSync } from "node:fs";
import { TEST_RUN_VARIABLE } from "./run-marker.js";

/** A live process as /proc shows it. */
export interface LiveProcess {
  pid: number;
  ppid: number;
  /** Its command line, the words joined by spaces. */
  command: string;
  /** Its environment at start (NAME=value). */
  environment: readonly string[];
}

/** Every process of this user that /proc lets us read (zombies have no environment: skipped). */
export function liveProcesses(): LiveProcess[] {
  const found: LiveProcess[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may hold spaces and parentheses
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z") continue;
      found.push({
        pid: Number(name),
        ppid: Number(ppid),
        command: readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ").trim(),
        environment: readFileSync(`/proc/${name}/environ`, "utf8").split("\0"),
      });
    } catch {
      // gone meanwhile, or another user's
    }
  }
  return found;
}

/**
 * The processes of run `runId` still alive, but for the test runner itself: `runner` (the
 * process that ran the global setup) and its pool's workers (its children running vitest's
 * worker script), which end after the global teardown.
 */
export function leftBehind(processes: readonly LiveProcess[], runId: string, runner: number) {
  const marker = `${TEST_RUN_VARIABLE}=${runId}`;
  return processes.filter(
    (p) =>
      p.pid !== runner &&
      p.environment.includes(marker) &&
      !(p.ppid === runner && p.command.includes("/vitest/dist/workers/")),
  );
}

/** One line per process: its pid and command line (cut to a readable length). */
export function describeProcesses(processes: readonly LiveProcess[]): string {
  return processes
    .map(
      (p) =>
        `  pid ${p.pid}: ${p.command.length > 200 ? `${p.command.slice(0, 200)}…` : p.command}`,
    )
    .join("\n");
}
