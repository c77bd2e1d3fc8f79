// mini-codex beside the Codex CLI (the @openai/codex devDependency, 0.171), both against one demo
// server in this process over WebSocket, the same scripted sessions, runs alternating:
// a 20-tool-call turn; 6 user turns (exec, then 5 × exec resume --last); an effort toggle
// (low → high → low over resumes). Two request shapes: classic (a model no catalog knows, a
// provider not named "OpenAI") and lite (gpt-6-astra, which both clients' bundled catalogs
// describe as Responses Lite, through a provider named "OpenAI", as Codex speaks to OpenAI).
// Ratios are mini-codex / Codex. Prints one JSON line; skips with a reason when the Codex binary
// is absent. Each Codex run's process group is ended by pid.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { bareNodePeakRssMb, watchPeakRss } from "./lib/peak-rss.mjs";
import { BIN } from "./lib/session-world.mjs";
import { startTimedDemoServer } from "./lib/timed-demo-server.mjs";

const RUNS = Number(process.env.BENCH_VS_RUNS ?? 1);

function codexBinary() {
  const triple = {
    "linux-x64": "x86_64-unknown-linux-musl",
    "linux-arm64": "aarch64-unknown-linux-musl",
  }[`${process.platform}-${process.arch}`];
  if (!triple) return { skip: `no Codex CLI binary for ${process.platform}-${process.arch}` };
  try {
    const require = createRequire(import.meta.url);
    const cli = require.resolve("@openai/codex/package.json");
    const arch = triple.startsWith("x86_64") ? "x64" : "arm64";
    const pkg = createRequire(cli).resolve(`@openai/codex-linux-${arch}/package.json`);
    const path = join(dirname(pkg), "vendor", triple, "bin", "codex");
    return existsSync(path) ? { path } : { skip: `the Codex CLI binary is missing at ${path}` };
  } catch (error) {
    return { skip: `the Codex CLI package is not installed (${error.message.split("\n")[0]})` };
  }
}

const codex = codexBinary();
if ("skip" in codex) {
  console.log(JSON.stringify({ bench: "vs-codex", skipped: codex.skip }));
  process.exit(0);
}

const timed = await startTimedDemoServer();
const { server } = timed;
const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-vs-"));

/** The request shapes compared: the model and the provider's `name` in both clients' config. */
const SHAPES = {
  classic: { model: "demo-model", providerName: "mini-codex demo" },
  // turns_6 left out (npm run bench stays under 3 min): effort_toggle resumes too
  lite: {
    model: "gpt-6-astra",
    providerName: "OpenAI",
    scenarios: ["tools_20", "effort_toggle"],
  },
};

/** Each client's world: its own HOME, TMPDIR, config, and a work folder per session. */
function world(name, shape) {
  const dir = join(root, name);
  const home = join(dir, "home");
  const tmp = join(dir, "tmp");
  for (const d of [dir, home, tmp]) mkdirSync(d, { recursive: true });
  writeFileSync(
    join(home, "config.toml"),
    [
      `model = "${shape.model}"`,
      'model_provider = "minidemo"',
      "[model_providers.minidemo]",
      `name = "${shape.providerName}"`,
      `base_url = "${server.baseUrl}"`,
      'wire_api = "responses"',
      'env_key = "MINI_DEMO_KEY"',
      "supports_websockets = true",
      "request_max_retries = 0",
      "stream_max_retries = 0",
      "",
    ].join("\n"),
  );
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    TMPDIR: tmp,
    CODEX_HOME: home,
    MINI_CODEX_HOME: home,
    MINI_DEMO_KEY: "not-a-real-key",
  };
  return { dir, env };
}

/** `exec` with the same sandbox, repo check, folder and resume for both; only the effort flag differs. */
const execArgs = (effortArgs, work, prompt, resume) => [
  "exec",
  ...effortArgs,
  "-s",
  "danger-full-access",
  "--skip-git-repo-check",
  "-C",
  work,
  ...(resume ? ["resume", "--last"] : []),
  prompt,
];

const CLIENTS = {
  mini_codex: {
    command: (work, prompt, resume, effort) => [
      process.execPath,
      [
        BIN,
        ...execArgs(
          ["-c", `openai_base_url=${server.baseUrl}`, "--effort", effort],
          work,
          prompt,
          resume,
        ),
      ],
    ],
  },
  codex: {
    command: (work, prompt, resume, effort) => [
      codex.path,
      execArgs(["-c", `model_reasoning_effort="${effort}"`], work, prompt, resume),
    ],
  },
};

/** One process: wall time, and the requests the server saw from it. */
function runOnce(client, env, work, prompt, resume, effort) {
  return new Promise((resolve, reject) => {
    const requests = [];
    timed.onRequest = (request, at) => requests.push({ request, at });
    const [file, args] = CLIENTS[client].command(work, prompt, resume, effort);
    const start = performance.now();
    const child = spawn(file, args, { env, detached: true, stdio: ["ignore", "ignore", "pipe"] });
    const rss = watchPeakRss(child.pid);
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const end = performance.now();
      const peakRssMb = rss.stop();
      try {
        process.kill(-child.pid, "SIGKILL"); // whatever it left in its process group
      } catch {}
      if (code !== 0) return reject(new Error(`${client} exited ${code}: ${stderr.slice(-400)}`));
      resolve({
        total: end - start,
        firstRequest: requests[0] ? requests[0].at - start : undefined,
        bytes: requests.reduce((sum, r) => sum + r.request.bytes, 0),
        // on the TCP connection: both clients offer permessage-deflate, the demo accepts it
        wireBytes: requests.reduce((sum, r) => sum + (r.request.wireBytes ?? r.request.bytes), 0),
        peakRssMb,
        full: requests.filter((r) => r.request.previousResponseId === undefined).length,
        requests: requests.length,
      });
    });
  });
}

const SCENARIOS = {
  tools_20: [{ prompt: "repeat 20: run: echo hi", effort: "low" }],
  turns_6: Array.from({ length: 6 }, (_, i) => ({ prompt: `turn ${i + 1}`, effort: "low" })),
  effort_toggle: ["low", "high", "low"].map((effort, i) => ({ prompt: `effort ${i}`, effort })),
};

async function session(client, steps, shape) {
  const { dir, env } = world(`${client}-${Math.random().toString(36).slice(2, 8)}`, shape);
  const work = join(dir, "work");
  mkdirSync(work);
  const figures = {
    total: 0,
    firstRequest: undefined,
    bytes: 0,
    wireBytes: 0,
    full: 0,
    requests: 0,
    peakRssMb: 0,
  };
  for (const [i, step] of steps.entries()) {
    const run = await runOnce(client, env, work, step.prompt, i > 0, step.effort);
    figures.total += run.total;
    figures.firstRequest ??= run.firstRequest;
    figures.bytes += run.bytes;
    figures.wireBytes += run.wireBytes;
    figures.peakRssMb = Math.max(figures.peakRssMb, run.peakRssMb ?? 0);
    figures.full += run.full;
    figures.requests += run.requests;
  }
  return figures;
}

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
const r2 = (v) => (v === null ? null : Number(v.toFixed(2)));

/** Every scenario of one shape, the clients alternating; the medians and their ratios. */
async function compare(shape, shapeIndex) {
  const out = {};
  const scenarios = Object.entries(SCENARIOS).filter(
    ([name]) => !shape.scenarios || shape.scenarios.includes(name),
  );
  for (const [index, [name, steps]] of scenarios.entries()) {
    const runs = { mini_codex: [], codex: [] };
    for (let i = 0; i < RUNS; i++) {
      // the order alternates from run to run, scenario to scenario and shape to shape
      const first = (i + index + shapeIndex) % 2 === 0;
      const order = first ? ["mini_codex", "codex"] : ["codex", "mini_codex"];
      for (const client of order) {
        runs[client].push(await session(client, steps, shape));
      }
    }
    const pick = (client, key) => median(runs[client].map((r) => r[key]));
    out[name] = Object.fromEntries(
      ["firstRequest", "total", "bytes", "wireBytes", "full", "requests", "peakRssMb"].map(
        (key) => [key, { mini_codex: r2(pick("mini_codex", key)), codex: r2(pick("codex", key)) }],
      ),
    );
  }
  const sum = (key, client) => Object.values(out).reduce((s, f) => s + (f[key][client] ?? 0), 0);
  return {
    model: shape.model,
    scenarios_run: scenarios.map(([name]) => name),
    first_request_ratio: r2(out.tools_20.firstRequest.mini_codex / out.tools_20.firstRequest.codex),
    whole_run_ratio: r2(sum("total", "mini_codex") / sum("total", "codex")),
    bytes_ratio: r2(sum("bytes", "mini_codex") / sum("bytes", "codex")),
    wire_bytes_ratio: r2(sum("wireBytes", "mini_codex") / sum("wireBytes", "codex")),
    peak_rss_ratio: r2(out.tools_20.peakRssMb.mini_codex / out.tools_20.peakRssMb.codex),
    full_requests: { mini_codex: sum("full", "mini_codex"), codex: sum("full", "codex") },
    scenarios: out,
  };
}

try {
  const classic = await compare(SHAPES.classic, 0);
  const lite = await compare(SHAPES.lite, 1);
  console.log(
    JSON.stringify({
      bench: "vs-codex",
      runs_each: RUNS,
      // the classic shape's figures at the top (the targets read them), the lite shape's beside
      ...classic,
      bare_node_peak_rss_mb: bareNodePeakRssMb(),
      lite,
      load_average_1m: r2(loadavg()[0]),
    }),
  );
} finally {
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
