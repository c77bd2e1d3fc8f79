// Four scripted sessions through the real session core against the embedded demo server,
// each with ws_lanes "off" (the Codex CLI's one chain) and "auto" (effort lanes): one user
// turn with 20 tool calls; 6 user turns in a row; effort toggled medium/high/medium/high/medium
// with a tool call each; 6 turns with an injected previous_response_not_found and a dropped
// socket. Per session and mode: requests, share sent incrementally, input items re-sent
// (items sent minus the items the request's lane did not hold yet), bytes sent, cached-token
// share; and the toggle session's bytes ratio auto/off. The toggle session also runs on
// gpt-6-astra (in-band: configuration_update items on one chain). Then each session once more
// on gpt-5.6-terra (a model that takes cache options) with lanes "auto" and its ledger on: how
// many ledger rows carry the server's cache diagnosis and how often it agrees with the
// client's. Every run keeps its ledger: per session, the cached tokens and cost predicted before
// each request was sent beside what was reported, and the pooled prediction error (issue 27:
// target ≤ 5% on cached tokens). Prints one JSON line. Run `npm run build` first.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoServer } from "../dist/demo/index.js";
import { ledgerPath, readLedger } from "../dist/session/store/ledger-file.js";
import { createSession } from "../dist/turn/agent-session.js";
import { resentItems } from "./lib/resent.mjs";
import { benchProvider, benchSessionBase } from "./lib/session-world.mjs";

const SESSIONS = {
  tool_turn: async (s) => {
    await turn(s, "repeat 20: run: echo step");
  },
  six_turns: async (s) => {
    for (let i = 1; i <= 6; i++) await turn(s, `question number ${i}`);
  },
  effort_toggles: async (s) => {
    for (const [i, effort] of ["medium", "high", "medium", "high", "medium"].entries()) {
      s.session.update({ effort });
      await turn(s, `run: echo toggle-${i}`);
    }
  },
  failures: async (s) => {
    for (let i = 1; i <= 6; i++) {
      if (i === 3) s.server.hooks.forgetResponses(); // previous_response_not_found
      if (i === 5) s.server.hooks.dropAfterEvents(2); // the socket drops mid-response
      await turn(s, `run: echo failure-${i}`);
    }
  },
};

async function turn(s, text) {
  const result = await s.session.send(text);
  if (!result.ok) throw new Error(`turn failed: ${result.error}`);
}

async function runSession(name, wsLanes, model = "demo-1", { serverCache = false } = {}) {
  const server = await startDemoServer();
  const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-sessions-"));
  const cwd = join(root, "work");
  mkdirSync(cwd);
  const events = [];
  const session = createSession({
    id: `bench-${name}-${wsLanes}-${model}`,
    provider: benchProvider(server.baseUrl, wsLanes),
    settings: { model, effort: "medium" },
    // instructions and tools ride on every request, as a real agent's do
    ...benchSessionBase(cwd),
    home: join(root, "home"),
    warmup: true,
    ledger: true,
    version: "0.0.0-bench",
  });
  session.subscribe((event) => events.push(event));
  let rows = [];
  try {
    await SESSIONS[name]({ session, server });
  } finally {
    await session.close();
    await server.close();
    rows = readLedger(ledgerPath(join(root, "home"), session.id)).rows;
    rmSync(root, { recursive: true, force: true });
  }
  const measured = serverCache ? serverAgreement(rows) : figures(events);
  return { ...measured, prediction: prediction(rows) };
}

/** Completed rows' predicted vs reported cached tokens and cost (null: no price for the model). */
function prediction(rows) {
  const done = rows.filter((row) => row.outcome === "completed" && row.usage && row.predicted);
  const sum = (pick) => done.reduce((total, row) => total + pick(row), 0);
  const priced = done.every((row) => row.predicted.cost_usd !== null && row.cost_usd !== null);
  return {
    requests: done.length,
    cached: {
      predicted: sum((r) => r.predicted.cached_tokens),
      reported: sum((r) => r.usage.cached_tokens),
      // Σ|predicted − reported| over the requests: a miss on one is not hidden by another
      abs_error: sum((r) => Math.abs(r.predicted.cached_tokens - r.usage.cached_tokens)),
    },
    input: {
      predicted: sum((r) => r.predicted.input_tokens),
      reported: sum((r) => r.usage.input_tokens),
      abs_error: sum((r) => Math.abs(r.predicted.input_tokens - r.usage.input_tokens)),
    },
    cost: priced
      ? {
          predicted: round6(sum((r) => r.predicted.cost_usd)),
          reported: round6(sum((r) => r.cost_usd)),
          abs_error: round6(sum((r) => Math.abs(r.predicted.cost_usd - r.cost_usd))),
        }
      : null,
  };
}

/** Σ|error| / Σ reported over every run, for one figure (cached, input or cost). */
function pooledError(runs, figure) {
  const cells = runs.map((run) => run.prediction[figure]).filter((cell) => cell !== null);
  const error = cells.reduce((total, cell) => total + cell.abs_error, 0);
  const reported = cells.reduce((total, cell) => total + cell.reported, 0);
  return reported > 0 ? round(error / reported) : null;
}

/** Ledger rows with the server's diagnosis, and its agreement with the client's. */
function serverAgreement(rows) {
  const answered = rows.filter((row) => row.server_cache);
  const compared = answered.filter((row) => row.server_cache.agrees !== null);
  const agreed = compared.filter((row) => row.server_cache.agrees);
  return {
    rows: rows.length,
    rows_with_server_answer: answered.length,
    // the warm-up is the session's first request: nothing to compare with, so no diagnosis
    rows_without: rows
      .filter((row) => !row.server_cache)
      .map((row) => `#${row.seq}${row.turn === 0 ? " warm-up" : ""}`),
    compared: compared.length,
    agreed: agreed.length,
    agreement: compared.length > 0 ? round(agreed.length / compared.length) : null,
    verdicts: answered.map((row) => row.server_cache.reason ?? row.server_cache.verdict),
    disagreements: compared
      .filter((row) => !row.server_cache.agrees)
      .map(
        (row) =>
          `#${row.seq} client ${row.cache_diagnosis} / server ${row.server_cache.reason ?? row.server_cache.verdict}`,
      ),
  };
}

function figures(events) {
  const sent = [];
  let received = 0;
  for (const event of events) {
    if (event.type === "request_started") received = 0;
    if (event.type === "item_completed") received += 1;
    if (event.type === "request_finished") {
      const completed = event.request.outcome === "completed";
      sent.push({
        ...event.request,
        itemsReceived: completed ? received : 0,
        completed,
      });
    }
  }
  const sum = (pick) => sent.reduce((total, request) => total + pick(request), 0);
  const input = sum((r) => r.usage?.input_tokens ?? 0);
  const cached = sum((r) => r.usage?.cached_tokens ?? 0);
  return {
    requests: sent.length,
    incremental_share: round(sent.filter((r) => r.mode === "ws_incremental").length / sent.length),
    items_resent: resentItems(sent).reduce((a, b) => a + b, 0),
    bytes_sent: sum((r) => r.bytesSent),
    cached_token_share: input > 0 ? round(cached / input) : 0,
    full_reasons: [...new Set(sent.flatMap((r) => (r.reason ? [r.reason] : [])))],
  };
}

const round = (value) => Number(value.toFixed(3));
const round6 = (value) => Number(value.toFixed(6));

const results = {};
for (const name of Object.keys(SESSIONS)) {
  results[name] = { off: await runSession(name, "off"), auto: await runSession(name, "auto") };
}
// the same toggles on gpt-6-astra, whose catalog entry takes in-band effort updates: each
// change is a configuration_update item on the one chain (Responses Lite shape)
results.effort_toggles.in_band = await runSession("effort_toggles", "auto", "gpt-6-astra");
const serverCache = {};
for (const name of Object.keys(SESSIONS)) {
  serverCache[name] = await runSession(name, "auto", "gpt-5.6-terra", { serverCache: true });
}
const all = Object.values(serverCache);
const comparedAll = all.reduce((n, s) => n + s.compared, 0);
const agreedAll = all.reduce((n, s) => n + s.agreed, 0);
const toggles = results.effort_toggles;
const runs = [...Object.values(results).flatMap((modes) => Object.values(modes)), ...all];
console.log(
  JSON.stringify({
    bench: "sessions",
    ...results,
    toggle_bytes_ratio_auto_over_off: round(toggles.auto.bytes_sent / toggles.off.bytes_sent),
    toggle_bytes_ratio_in_band_over_off: round(toggles.in_band.bytes_sent / toggles.off.bytes_sent),
    toggle_items_resent: {
      off: toggles.off.items_resent,
      auto: toggles.auto.items_resent,
      in_band: toggles.in_band.items_resent,
    },
    server_cache: serverCache,
    server_cache_agreement: comparedAll > 0 ? round(agreedAll / comparedAll) : null,
    // each request's prediction (made before it was sent) against its usage and cost
    prediction_error: {
      cached_tokens: pooledError(runs, "cached"),
      input_tokens: pooledError(runs, "input"),
      cost_usd: pooledError(runs, "cost"),
    },
  }),
);
