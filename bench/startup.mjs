// Startup figures of the built CLI (run `npm run build` first). Prints one JSON line:
// --version and --help times, and for `exec` against a demo server in this process the time
// from spawn to the server recording the first request, with and without the warm-up, and
// cold: in a home of its own each run (the first launch after an install: the code cache the
// build seeded, bin/code-cache.js), and unseeded: the same without that seed (compiled from
// source, as before issue 31), which is what the seed gives.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleIsFresh } from "../bin/bundle-freshness.js";
import { startTimedDemoServer } from "./lib/timed-demo-server.mjs";

const BIN = fileURLToPath(new URL("../bin/mini-codex.js", import.meta.url));
const SEED = fileURLToPath(new URL("../dist/bundle-cjs/code-cache", import.meta.url));

/** Runs `fn` with the build's seeded code caches moved aside (put back whatever happens). */
async function withoutSeed(fn) {
  if (!existsSync(SEED)) return fn();
  renameSync(SEED, `${SEED}.aside`);
  try {
    return await fn();
  } finally {
    renameSync(`${SEED}.aside`, SEED);
  }
}

// 7 rounds (was 9) and the short launches twice a round (was 3): npm run bench under 3 min
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-"));
const repo = join(root, "repo");
execFileSync("git", ["init", "-q", repo]);
const env = { ...process.env, HOME: root, MINI_CODEX_HOME: join(root, "home") };
for (const key of ["OPENAI_API_KEY", "CODEX_API_KEY", "OPENAI_BASE_URL"]) delete env[key];

const timed = await startTimedDemoServer();
const { server } = timed;

function run(args, extraEnv = {}, bin = BIN) {
  return new Promise((resolve, reject) => {
    const requests = [];
    timed.onRequest = (request, at) => requests.push({ at, warmup: request.generate === false });
    const start = performance.now();
    const child = spawn(process.execPath, bin ? [bin, ...args] : args, {
      env: { ...env, ...extraEnv },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const end = performance.now();
      if (code !== 0) return reject(new Error(`exit ${code}: ${stderr}`));
      const first = requests[0];
      const firstTurn = requests.find((request) => !request.warmup);
      resolve({
        total: end - start,
        firstRequest: first ? first.at - start : undefined,
        firstTurnRequest: firstTurn ? firstTurn.at - start : undefined,
      });
    });
  });
}

const NO_WARMUP = { MINI_CODEX_EXEC_WARMUP: "0" };
/** A catalog URL whose connection never completes (TEST-NET-1, RFC 5737). */
const UNREACHABLE = "http://192.0.2.1:9/v1/models";
const withConfig = (args, override) => [args[0], "-c", override, ...args.slice(1)];

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)]) : null;
};

/** A home nobody ran in: no code cache, no sessions. */
function coldHome(i) {
  const home = join(root, `cold-home-${i}`);
  mkdirSync(home);
  return home;
}

/**
 * Scenarios run interleaved, so a change in machine load hits all of them alike; the short ones
 * (`repeat`) several times a round, so a load spike moves their medians less.
 */
async function measure(scenarios) {
  const results = Object.fromEntries(Object.keys(scenarios).map((name) => [name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [name, scenario] of Object.entries(scenarios)) {
      const { args, env: extra, bin, repeat = 1, unseeded = false } = scenario;
      for (let r = 0; r < repeat; r++) {
        const once = () =>
          run(args, typeof extra === "function" ? extra(`${name}-${i}`) : extra, bin);
        results[name].push(await (unseeded ? withoutSeed(once) : once()));
      }
    }
  }
  const summary = {};
  for (const [name, list] of Object.entries(results)) {
    summary[name] = {
      first_request_ms: median(list.map((r) => r.firstRequest)),
      first_turn_request_ms: median(list.map((r) => r.firstTurnRequest)),
      total_ms: median(list.map((r) => r.total)),
    };
  }
  return summary;
}

try {
  const exec = ["exec", "--ephemeral", "-c", `openai_base_url=${server.baseUrl}`, "-C", repo, "hi"];
  await run(exec); // prime the OS file cache
  const m = await measure({
    node: { args: ["-e", "0"], bin: null, repeat: 2 },
    version: { args: ["--version"], repeat: 2 },
    help: { args: ["--help"], repeat: 2 },
    exec: { args: exec, env: { MINI_CODEX_EXEC_WARMUP: "0" } },
    cold: {
      args: exec,
      env: (i) => ({ MINI_CODEX_EXEC_WARMUP: "0", MINI_CODEX_HOME: coldHome(i) }),
    },
    unseeded: {
      args: exec,
      env: (i) => ({ MINI_CODEX_EXEC_WARMUP: "0", MINI_CODEX_HOME: coldHome(i) }),
      unseeded: true,
    },
    warmup: { args: exec, env: { MINI_CODEX_EXEC_WARMUP: "1" } },
    // model discovery off, and with a catalog URL that never answers (a non-routable address):
    // the background GET /models must leave exec → first request as it is
    no_discovery: { args: withConfig(exec, "model_discovery=false"), env: NO_WARMUP },
    catalog_unreachable: {
      args: withConfig(exec, `model_providers.openai.model_catalog_url="${UNREACHABLE}"`),
      env: NO_WARMUP,
    },
    embedded: { args: ["exec", "--ephemeral", "--demo", "-C", repo, "hi"] },
  });
  console.log(
    JSON.stringify({
      bench: "startup",
      runs: RUNS,
      node_baseline_ms: m.node.total_ms,
      version_ms: m.version.total_ms,
      help_ms: m.help.total_ms,
      exec_first_request_ms: m.exec.first_request_ms,
      exec_total_ms: m.exec.total_ms,
      exec_cold_first_request_ms: m.cold.first_request_ms,
      exec_unseeded_first_request_ms: m.unseeded.first_request_ms,
      exec_warmup_first_request_ms: m.warmup.first_request_ms,
      exec_warmup_first_turn_request_ms: m.warmup.first_turn_request_ms,
      exec_warmup_total_ms: m.warmup.total_ms,
      exec_embedded_demo_total_ms: m.embedded.total_ms,
      exec_no_discovery_first_request_ms: m.no_discovery.first_request_ms,
      exec_catalog_unreachable_first_request_ms: m.catalog_unreachable.first_request_ms,
      exec_catalog_unreachable_total_ms: m.catalog_unreachable.total_ms,
      target_first_request_ms: 300,
      // false when dist/bundle is missing or older than tsc's output (then dist/cli runs)
      bundled: bundleIsFresh(),
      load_average_1m: Number(loadavg()[0].toFixed(2)),
    }),
  );
} finally {
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
