// Per-command cost of the sandbox: `true` run through the shell tool's launcher with no
// wrapper, under danger-full-access (bwrap, pid namespace only) and under workspace-write
// (full confinement). Median of N runs each, in ms. Prints one JSON line. Run after `npm run build`.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { probeBwrap } from "../dist/sandbox/bwrap-probe.js";
import { commandLaunch } from "../dist/sandbox/command-launch.js";
import { runShellCommand } from "../dist/tools/shell-process.js";

const RUNS = 30;
const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-sandbox-"));
const ws = join(root, "ws");
mkdirSync(join(ws, ".git"), { recursive: true });
const settings = { networkAccess: false, home: process.env.HOME, miniCodexHome: undefined };
const bwrap = probeBwrap();

async function median(program) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const outcome = await runShellCommand("true", {
      cwd: ws,
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      env: { HOME: root },
      ...(program ? { program } : {}),
      onChunk: () => {},
    });
    if (outcome.exitCode !== 0) throw new Error(`exit ${outcome.exitCode}: ${outcome.output}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] * 10) / 10;
}

const launch = (mode) => {
  const result = commandLaunch({
    mode,
    command: "true",
    cwd: ws,
    workspaceRoots: [ws],
    settings,
    bwrap,
  });
  if ("refused" in result) throw new Error(result.refused);
  return result;
};

try {
  const figures = { bench: "sandbox", runs: RUNS, bwrap: bwrap.ok, none_ms: await median() };
  if (bwrap.ok) {
    figures.danger_full_access_ms = await median(launch("danger-full-access"));
    figures.workspace_write_ms = await median(launch("workspace-write"));
    figures.read_only_ms = await median(launch("read-only"));
    const probeStart = performance.now();
    probeBwrap(`${process.env.PATH}:`);
    figures.probe_ms = Math.round((performance.now() - probeStart) * 10) / 10;
  }
  console.log(JSON.stringify(figures));
} finally {
  rmSync(root, { recursive: true, force: true });
}
