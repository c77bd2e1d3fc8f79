// Per-command cost of the sandbox: `true` run through the shell tool's launcher with no
// wrapper, under danger-full-access (bwrap, pid namespace only) and under workspace-write
// (full confinement). Median of N runs each, in ms. Then the Seatbelt profile (macOS; built
// here, not run): how long building it takes and how many bytes of sandbox-exec's argv it
// fills at the most hard-linked files a plan may carry (macOS's ARG_MAX is 1 MiB, environment
// included). Prints one JSON line. Run after `npm run build`.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { commandLaunch } from "../dist/sandbox/command-launch.js";
import { LINKED_BIND_LIMIT } from "../dist/sandbox/linked-files.js";
import { probeSandbox } from "../dist/sandbox/sandbox-engine.js";
import { seatbeltArgs } from "../dist/sandbox/seatbelt-profile.js";
import { runShellCommand } from "../dist/tools/shell-process.js";

const RUNS = 30;
const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-sandbox-"));
const ws = join(root, "ws");
mkdirSync(join(ws, ".git"), { recursive: true });
const settings = { networkAccess: false, home: process.env.HOME, hiddenHomes: [] };
const sandbox = await probeSandbox();

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
    sandbox,
  });
  if ("refused" in result) throw new Error(result.refused);
  return result;
};

/** A Mac-like plan with the most linked files a plan may carry, deep in a pnpm node_modules. */
function seatbeltFigures() {
  const project = "/Users/someone/src/project";
  const linked = Array.from(
    { length: LINKED_BIND_LIMIT },
    (_, i) => `${project}/node_modules/.pnpm/pkg-${i}@1.0.0/node_modules/pkg-${i}/index.js`,
  );
  const plan = {
    writableRoots: [project],
    readableRoots: [],
    readOnlyPaths: [`${project}/.git`, ...linked],
    maskedDirs: [".ssh", ".aws", ".codex", ".mini-codex"].map((dir) => `/Users/someone/${dir}`),
    maskedFiles: ["/Users/someone/.netrc"],
    boundLast: [],
    network: false,
    cwd: project,
    privateTemp: "/private/var/folders/zz/abc/T/mini-codex-tmp-x",
  };
  const knobs = { processListing: false };
  const bytes = (args) => args.reduce((sum, arg) => sum + Buffer.byteLength(arg) + 1, 0);
  const times = [];
  let args = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    args = seatbeltArgs(plan, knobs);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const plain = seatbeltArgs({ ...plan, readOnlyPaths: [`${project}/.git`] }, knobs);
  return {
    plain_argv_bytes: bytes(plain),
    linked_files: LINKED_BIND_LIMIT,
    linked_argv_bytes: bytes(args),
    linked_build_ms: Math.round(times[Math.floor(times.length / 2)] * 10) / 10,
    arg_max_bytes: 1024 * 1024,
  };
}

try {
  const figures = { bench: "sandbox", runs: RUNS, sandbox: sandbox.ok && sandbox.engine };
  figures.none_ms = await median();
  if (sandbox.ok) {
    figures.danger_full_access_ms = await median(launch("danger-full-access"));
    figures.workspace_write_ms = await median(launch("workspace-write"));
    figures.read_only_ms = await median(launch("read-only"));
    const probeStart = performance.now();
    await probeSandbox(`${process.env.PATH}:`);
    figures.probe_ms = Math.round((performance.now() - probeStart) * 10) / 10;
  }
  figures.seatbelt = seatbeltFigures();
  console.log(JSON.stringify(figures));
} finally {
  rmSync(root, { recursive: true, force: true });
}
