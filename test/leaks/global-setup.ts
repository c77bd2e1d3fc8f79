import { randomUUID } from "node:crypto";
import { describeProcess, leftBehind, RUN_MARKER, readProcesses } from "./run-processes.js";

/** How long a process may take to go after the last test (a pane's mini-codex writing its session). */
const SETTLE_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * vitest's globalSetup: every process the run starts inherits a marker with the run's id; at the
 * end, any of them still alive (tmux servers, mini-codex, demo servers, the Codex CLI, bwrap…)
 * fails the run, named, and is stopped by its pid.
 */
export default function setup(): () => Promise<void> {
  const run = `${process.pid}-${randomUUID()}`;
  process.env[RUN_MARKER] = run;
  return async () => {
    const deadline = Date.now() + SETTLE_MS;
    let leaks = leftBehind(readProcesses(), run, process.pid);
    while (leaks.length > 0 && Date.now() < deadline) {
      await sleep(100);
      leaks = leftBehind(readProcesses(), run, process.pid);
    }
    if (leaks.length === 0) return;
    const named = leaks.map(describeProcess);
    stop(leaks.map((p) => p.pid));
    // a teardown's error would be printed with vitest's stack and leave the tests' exit code:
    // say it plainly and fail the run
    process.stderr.write(
      `\nFAIL: ${leaks.length} process(es) started by the tests were still running after the last test (stopped now):\n  ${named.join("\n  ")}\n`,
    );
    process.exitCode = 1;
  };
}

/** SIGTERM, then SIGKILL to any of `pids` still there a moment later. */
function stop(pids: number[]): void {
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  for (const pid of pids) signal(pid, "SIGTERM");
  const pause = new Int32Array(new SharedArrayBuffer(4));
  Atomics.wait(pause, 0, 0, 500);
  for (const pid of pids) signal(pid, "SIGKILL");
}
