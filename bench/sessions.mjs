// Four scripted sessions through the real session core against the embedded demo server,
// each with ws_lanes "off" (the Codex CLI's one chain) and "auto" (effort lanes): one user
// turn with 20 tool calls; 6 user turns in a row; effort toggled medium/high/medium/high/medium
// with a tool call each; 6 turns with an injected previous_response_not_found and a dropped
// socket. Per session and mode: requests, share sent incrementally, input items re-sent
// (items sent minus the items the request's lane did not hold yet), bytes sent, cached-token
// share; and the toggle session's bytes ratio auto/off. The toggle session also runs on
// gpt-6-astra (in-band: configuration_update items on one chain). Prints one JSON line. Run
// `npm run build` first.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoServer } from "../dist/demo/index.js";
import { createSession } from "../dist/turn/agent-session.js";
import { resentItems } from "./lib/resent.mjs";
import { benchSessionBase } from "./lib/session-world.mjs";

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

async function runSession(name, wsLanes, model = "demo-1") {
  const server = await startDemoServer();
  const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-sessions-"));
  const cwd = join(root, "work");
  mkdirSync(cwd);
  const events = [];
  const session = createSession({
    id: `bench-${name}-${wsLanes}-${model}`,
    provider: {
      id: "demo",
      name: "Demo",
      baseUrl: server.baseUrl,
      supportsWebsockets: true,
      requestMaxRetries: 2,
      streamMaxRetries: 5,
      streamIdleTimeoutMs: 30_000,
      websocketConnectTimeoutMs: 5_000,
      wsLanes,
      wsMaxLanes: 4,
      wsEpochMaxRequests: 0,
    },
    settings: { model, effort: "medium" },
    // instructions and tools ride on every request, as a real agent's do
    ...benchSessionBase(cwd),
    home: join(root, "home"),
    warmup: true,
    ledger: false,
    version: "0.0.0-bench",
  });
  session.subscribe((event) => events.push(event));
  try {
    await SESSIONS[name]({ session, server });
  } finally {
    await session.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
  return figures(events);
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

const results = {};
for (const name of Object.keys(SESSIONS)) {
  results[name] = { off: await runSession(name, "off"), auto: await runSession(name, "auto") };
}
// the same toggles on gpt-6-astra, whose catalog entry takes in-band effort updates: each
// change is a configuration_update item on the one chain (Responses Lite shape)
results.effort_toggles.in_band = await runSession("effort_toggles", "auto", "gpt-6-astra");
const toggles = results.effort_toggles;
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
  }),
);
