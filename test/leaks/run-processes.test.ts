import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { describeProcess, leftBehind, RUN_MARKER, readProcesses } from "./run-processes.js";

// The end-of-run check (issue 37: `npm test` left a tmux server and a mini-codex running): it
// finds a run's processes by the marker they inherited, in /proc, and only that run's.

describe("the processes a test run left behind", () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) child.kill("SIGKILL");
  });

  /** A real process holding `run`'s marker (as one a test started would). */
  function sleeper(run: string, name = "sleep"): number {
    const child = spawn(name, ["300"], {
      env: { ...process.env, [RUN_MARKER]: run },
      stdio: "ignore",
    });
    started.push(child);
    return child.pid as number;
  }

  it("counts a live process with the run's marker, a worker's child too; not another run's, not the runner's workers", () => {
    const mine = sleeper("run-a");
    const theirs = sleeper("run-b");
    const all = readProcesses();
    const leaked = leftBehind(all, "run-a", -1).map((p) => p.pid);
    expect(leaked).toContain(mine);
    expect(leaked).not.toContain(theirs);
    // this test's process as the runner: the sleeper is one of its workers, not a leak
    expect(leftBehind(all, "run-a", process.pid).map((p) => p.pid)).not.toContain(mine);
    // this test's process as a worker (its parent the runner): its child, left running, is one
    expect(leftBehind(all, "run-a", process.ppid).map((p) => p.pid)).toContain(mine);
  });

  it("is gone from the count once it ended", async () => {
    const pid = sleeper("run-c");
    const [child] = started;
    child?.kill("SIGKILL");
    await new Promise((resolve) => child?.once("exit", resolve));
    expect(leftBehind(readProcesses(), "run-c", -1).map((p) => p.pid)).not.toContain(pid);
  });

  it("names what each is: tmux with its socket, mini-codex, bwrap, other processes", () => {
    const entry = (args: string[]) => ({ pid: 7, ppid: 1, args, env: new Map() });
    expect(describeProcess(entry(["tmux", "-L", "mini-codex-e2e-1-2", "new-session"]))).toBe(
      "pid 7: tmux server (-L mini-codex-e2e-1-2): tmux -L mini-codex-e2e-1-2 new-session",
    );
    expect(describeProcess(entry(["/usr/bin/node", "/x/bin/mini-codex.js", "exec"]))).toMatch(
      /^pid 7: mini-codex: /,
    );
    expect(describeProcess(entry(["bwrap", "--die-with-parent"]))).toMatch(/^pid 7: bwrap: /);
    expect(describeProcess(entry(["sleep", "300"]))).toBe("pid 7: process: sleep 300");
  });
});
