import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../e2e/helpers.js";
import { leftBehind, liveProcesses } from "./processes.js";
import { TEST_RUN_VARIABLE } from "./run-marker.js";

// The leak check at the end of every run (issue 37): it names what a run left alive, tells the
// run's own processes from other runs' on a shared machine, and leaves the runner alone.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG = fileURLToPath(new URL("fixtures/leak-run.config.ts", import.meta.url));

describe("the leak check", () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) child.kill("SIGKILL");
  });

  function sleepMarked(runId: string): ChildProcess {
    const child = spawn("sleep", ["300"], {
      env: { ...process.env, [TEST_RUN_VARIABLE]: runId },
      stdio: "ignore",
    });
    started.push(child);
    return child;
  }

  it("finds a live process of the run by its marker, and none of another run's", async () => {
    const ours = sleepMarked("run-ours");
    sleepMarked("run-theirs");
    await waitFor(() => leftBehind(liveProcesses(), "run-ours", process.ppid).length > 0);
    const left = leftBehind(liveProcesses(), "run-ours", process.ppid);
    expect(left.map((p) => [p.pid, p.command])).toEqual([[ours.pid, "sleep 300"]]);
  });

  it("leaves the runner and its workers out (this worker carries the run's marker)", () => {
    const runId = process.env[TEST_RUN_VARIABLE] ?? "";
    expect(runId).not.toBe("");
    const marked = liveProcesses().filter((p) =>
      p.environment.includes(`${TEST_RUN_VARIABLE}=${runId}`),
    );
    expect(marked.map((p) => p.pid)).toContain(process.pid);
    expect(leftBehind(marked, runId, process.ppid).map((p) => p.pid)).not.toContain(process.pid);
  });

  /** A vitest run of one fixture file with the project's leak check. */
  function fixtureRun(file: string) {
    return spawnSync(
      process.execPath,
      [
        fileURLToPath(new URL("../../node_modules/vitest/vitest.mjs", import.meta.url)),
        "run",
        "--config",
        CONFIG,
        file,
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1", MINI_CODEX_LEAK_GRACE_MS: "1000" },
        timeout: 120_000,
      },
    );
  }

  it("fails a run that leaves a process running, names it and ends it", () => {
    const run = fixtureRun("leaves-a-process");
    const output = run.stdout + run.stderr;
    expect(output).toContain("1 passed");
    expect(run.status, output).toBe(1);
    expect(output).toMatch(
      /the tests left 1 process\(es\) running \(now ended\):\n {2}pid (\d+): sleep 300/,
    );
    const pid = Number(/pid (\d+): sleep 300/.exec(output)?.[1]);
    expect(liveProcesses().some((p) => p.pid === pid)).toBe(false);
  }, 120_000);

  it("passes a run that ends what it starts", () => {
    const run = fixtureRun("ends-its-process");
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toContain("left");
  }, 120_000);
});
