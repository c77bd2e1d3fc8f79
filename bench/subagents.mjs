// A parent and four full forks through the real session core against the demo server: the
// parent answers three turns (a growing conversation), then hands one task to four subagents
// at once (`spawn 4: …`) and waits for them. Run twice: forks that start warm (default: each
// first request continues the parent's last response on its own stream_id lane, only the task
// sent) and cold ones (`[agents] fork_start = "cold"`: each first request full, under a cache
// key of its own, as the Codex CLI's fork is billed). For each: tokens and bytes the forks'
// first requests sent, their cached share, and the cost of the forks and of the whole session
// at gpt-5.5's prices. A third run forks the four on another effort (`spawn 4 effort=high:`):
// each first request is priced before it runs, and `forecast_over_actual` compares those
// forecasts with what the ledger billed. Prints one JSON line. Run `npm run build` first.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoServer } from "../dist/demo/index.js";
import { ledgerPath, readLedger } from "../dist/session/store/ledger-file.js";
import { createSession } from "../dist/turn/agent-session.js";
import { benchProvider, benchSessionBase } from "./lib/session-world.mjs";

const MODEL = "gpt-5.5"; // a model with prices in the bundled catalog

async function run(forkStart, spawn = "spawn 4") {
  const server = await startDemoServer();
  const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-subagents-"));
  const cwd = join(root, "work");
  const home = join(root, "home");
  mkdirSync(cwd);
  let views = [];
  const session = createSession({
    id: `bench-subagents-${forkStart}`,
    provider: benchProvider(server.baseUrl, "auto"),
    settings: { model: MODEL, effort: "medium" },
    ...benchSessionBase(cwd),
    home,
    warmup: true,
    version: "0.0.0-bench",
    agents: { maxThreads: 4, maxDepth: 1, forkStart },
  });
  try {
    for (const text of ["what is in this repository?", "run: echo one", "run: echo two"]) {
      const result = await session.send(text);
      if (!result.ok) throw new Error(`turn failed: ${result.error}`);
    }
    const result = await session.send(`${spawn}: summarise the conversation so far`);
    if (!result.ok) throw new Error(`spawn turn failed: ${result.error}`);
    views = session.status().agents ?? [];
  } finally {
    await session.close();
    await server.close();
  }
  const rows = readLedger(ledgerPath(home, session.id)).rows;
  rmSync(root, { recursive: true, force: true });
  const firsts = new Map();
  for (const row of rows) if (row.agent && !firsts.has(row.agent.id)) firsts.set(row.agent.id, row);
  const forks = [...firsts.values()];
  const children = rows.filter((row) => row.agent);
  const sum = (list, pick) => list.reduce((total, row) => total + pick(row), 0);
  const input = sum(forks, (r) => r.usage?.input_tokens ?? 0);
  const cached = sum(forks, (r) => r.usage?.cached_tokens ?? 0);
  const usd = (list) => Math.round(sum(list, (r) => r.cost_usd ?? 0) * 1e6) / 1e6;
  return {
    forks: forks.length,
    first_request_modes: [
      ...new Set(forks.map((r) => (r.reason ? `${r.mode}:${r.reason}` : r.mode))),
    ],
    first_requests_items_sent: sum(forks, (r) => r.items_sent),
    first_requests_bytes_sent: sum(forks, (r) => r.bytes_sent),
    first_requests_input_tokens: input,
    first_requests_cached_share: input > 0 ? Math.round((cached / input) * 1000) / 1000 : 0,
    forks_usd: usd(children),
    session_usd: usd(rows),
    ...forecastFigures(views, forks),
  };
}

/** The forks' first requests as forecast at their spawn (another effort) against their bills. */
function forecastFigures(views, forks) {
  const forecast = views.reduce((total, view) => total + (view.forecast?.figures.usd ?? 0), 0);
  if (!views.some((view) => view.forecast)) return {};
  const billed = forks.reduce((total, row) => total + (row.cost_usd ?? 0), 0);
  return {
    first_requests_forecast_usd: Math.round(forecast * 1e6) / 1e6,
    first_requests_billed_usd: Math.round(billed * 1e6) / 1e6,
    forecast_over_actual: billed > 0 ? Math.round((forecast / billed) * 1000) / 1000 : null,
  };
}

const warm = await run("warm");
const cold = await run("cold");
const effort = await run("warm", "spawn 4 effort=high");
const ratio = (a, b) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : null);
console.log(
  JSON.stringify({
    bench: "subagents",
    model: MODEL,
    warm,
    cold,
    effort,
    forecast_over_actual: effort.forecast_over_actual,
    forks_cost_warm_over_cold: ratio(warm.forks_usd, cold.forks_usd),
    first_requests_bytes_warm_over_cold: ratio(
      warm.first_requests_bytes_sent,
      cold.first_requests_bytes_sent,
    ),
  }),
);
