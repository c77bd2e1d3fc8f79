// Cache options on the demo server (issue 23): one script — a tool turn, a question, then an
// idle of 45 minutes (the demo's cache clock moved forward, no real wait), a tool turn and a
// question — on gpt-5.6-terra (a model the catalog marks as taking prompt_cache_options) with
// ttl 12h / implicit (the defaults), 12h / explicit (for the mode decision), 30m / implicit,
// and with the catalog flag off (no cache options: today's request). Per run: the cached
// share of all requests and of the requests after the idle, and the server's diagnoses.
// Prints one JSON line. Run `npm run build` first.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoServer } from "../dist/demo/index.js";
import { activeCatalog, setActiveCatalog } from "../dist/models/catalog.js";
import { createSession } from "../dist/turn/agent-session.js";
import { benchProvider, benchSessionBase } from "./lib/session-world.mjs";

const MODEL = "gpt-5.6-terra";
const IDLE_MS = 45 * 60_000;

const RUNS = {
  ttl_12h_implicit: { promptCacheTtl: "12h", promptCacheMode: "implicit" },
  ttl_12h_explicit: { promptCacheTtl: "12h", promptCacheMode: "explicit" },
  ttl_30m_implicit: { promptCacheTtl: "30m", promptCacheMode: "implicit" },
  without_cache_options: null,
};

async function turn(session, text) {
  const result = await session.send(text);
  if (!result.ok) throw new Error(`turn failed: ${result.error}`);
}

async function run(settings) {
  const bundled = activeCatalog();
  if (!settings)
    setActiveCatalog(bundled.with("configured", [{ slug: MODEL, cacheOptions: false }]));
  const server = await startDemoServer();
  const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-cache-idle-"));
  const cwd = join(root, "work");
  mkdirSync(cwd);
  const finished = [];
  let idleAt = Number.POSITIVE_INFINITY;
  const session = createSession({
    id: "bench-cache-idle",
    provider: benchProvider(server.baseUrl, "auto"),
    settings: { model: MODEL, effort: "medium", ...(settings ?? {}) },
    ...benchSessionBase(cwd),
    home: join(root, "home"),
    warmup: true,
    ledger: false,
    version: "0.0.0-bench",
  });
  session.subscribe((event) => {
    if (event.type === "request_finished") finished.push(event.request);
  });
  try {
    await turn(session, "run: echo one");
    await turn(session, "question two");
    idleAt = finished.length;
    server.hooks.advanceClock(IDLE_MS);
    await turn(session, "run: echo three");
    await turn(session, "question four");
  } finally {
    await session.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
    setActiveCatalog(bundled);
  }
  const share = (requests) => {
    const input = requests.reduce((n, r) => n + (r.usage?.input_tokens ?? 0), 0);
    const cached = requests.reduce((n, r) => n + (r.usage?.cached_tokens ?? 0), 0);
    return input > 0 ? Number((cached / input).toFixed(3)) : 0;
  };
  const after = finished.slice(idleAt);
  return {
    requests: finished.length,
    cached_share: share(finished),
    cached_share_after_idle: share(after),
    server: finished.map((r) =>
      r.serverCache ? (r.serverCache.reason ?? r.serverCache.verdict) : null,
    ),
  };
}

const results = {};
for (const [name, settings] of Object.entries(RUNS)) results[name] = await run(settings);
console.log(JSON.stringify({ bench: "cache-idle", model: MODEL, idle_minutes: 45, ...results }));
