import { randomUUID } from "node:crypto";
import { describeProcesses, leftBehind, liveProcesses } from "./processes.js";
import { TEST_RUN_VARIABLE } from "./run-marker.js";

/**
 * A hang guard for processes that are ending as the run ends (a pane's tmux server, a child);
 * MINI_CODEX_LEAK_GRACE_MS shortens it where a process is known never to end (the check's test).
 */
const GRACE_MS = Number(process.env.MINI_CODEX_LEAK_GRACE_MS ?? 20_000);

/**
 * vitest's global setup: marks the run (every process it starts inherits the variable), and at
 * the end fails the run when any of its processes is still alive — tmux servers, mini-codex,
 * demo servers, the Codex CLI, bwrap, anything — naming each, then ends them by pid so the
 * shared machine is not left with them.
 */
export function setup(): () => Promise<void> {
  const runId = randomUUID();
  process.env[TEST_RUN_VARIABLE] = runId;
  return async () => {
    const deadline = Date.now() + GRACE_MS;
    let left = leftBehind(liveProcesses(), runId, process.pid);
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = leftBehind(liveProcesses(), runId, process.pid);
    }
    if (left.length === 0) return;
    for (const p of left) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // ended meanwhile
      }
    }
    // a failed global teardown is only logged by vitest: the exit code says it
    process.exitCode = 1;
    throw new Error(
      `the tests left ${left.length} process(es) running (now ended):\n${describeProcesses(left)}`,
    );
  };
}
