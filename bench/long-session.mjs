// A 1 000-turn session (each turn five parallel update_plan calls and the continuation: 12 history
// items a turn, 12 000+ in all) through a real session with its session file, against a demo-server process: client CPU per request at turn 10 and turn
// 1 000, peak RSS, the session-file append time per turn, then `exec resume --last` of that
// session (a new process) from spawn to exit, three times (the median), each followed by a new
// session's `exec` (the baseline under the same load). Prints one JSON line. Run `npm run build` first.
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { join } from "node:path";
import { SessionFile } from "../dist/session/store/session-file.js";
import { BIN, demoServerProcess, percentile, round, sessionWorld } from "./lib/session-world.mjs";

const TURNS = Number(process.env.BENCH_TURNS ?? 1000);
const CALLS = Number(process.env.BENCH_CALLS ?? 5);
const WINDOW = 10;
const RESUMES = Number(process.env.BENCH_RESUMES ?? 3); // the median of 3 (was 5): bench time

/**
 * `exec resume --last` of the session, one more turn: spawn to exit, in ms. `fresh` runs a new
 * session's `exec` instead (its own home): the baseline under the same machine load.
 */
function resumeOnce(server, world, fresh = false) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      [
        BIN,
        "exec",
        "-c",
        `openai_base_url=${server.baseUrl}`,
        "-C",
        world.cwd,
        "--skip-git-repo-check",
        ...(fresh ? [] : ["resume", "--last"]),
        "hi",
      ],
      {
        env: {
          ...process.env,
          HOME: world.root,
          MINI_CODEX_HOME: fresh ? join(world.root, "fresh-home") : world.home,
        },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("exit", (code) =>
      code === 0
        ? resolve(performance.now() - start)
        : reject(new Error(`resume exited ${code}: ${stderr.slice(-300)}`)),
    );
  });
}

const server = await demoServerProcess();
const id = `01a2b3c4-0000-7000-8000-${String(Date.now()).padStart(12, "0").slice(-12)}`;
const appendMs = [];
let appendNow = 0;
let store;
const early = []; // the initial context, appended before the file exists
const world = await sessionWorld({
  id,
  server,
  historyStore: {
    append(items) {
      if (!store) return void early.push(...items);
      const t = performance.now();
      store.append(items);
      appendNow += performance.now() - t;
    },
    replace(items) {
      store.replace(items);
    },
    // the session's close releases the session file's lock, so `resume --last` can take it
    close() {
      store?.close();
    },
  },
});
store = SessionFile.create(world.home, {
  id,
  created: new Date().toISOString(),
  cwd: world.cwd,
  model: "demo-1",
  // what a real exec against `openai_base_url` records: the resume then talks to the same
  // demo-server process as the baseline, not an embedded demo whose work it would count
  provider: "openai",
});
store.append(early);

const cpuPerRequest = [];
let peakRss = 0;
let requests = 0;
world.session.subscribe((event) => {
  if (event.type === "request_finished") requests += 1;
});
try {
  for (let turn = 1; turn <= TURNS; turn++) {
    const before = process.cpuUsage();
    const sent = requests;
    appendNow = 0;
    await world.session.send(`parallel ${CALLS}: plan: step ${turn}; then the next`);
    const cpu = process.cpuUsage(before);
    cpuPerRequest.push((cpu.user + cpu.system) / 1000 / Math.max(1, requests - sent));
    appendMs.push(appendNow);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const items = world.session.history().length;
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const near = (values, turn) => mean(values.slice(turn - WINDOW / 2, turn + WINDOW / 2));
  const at10 = near(cpuPerRequest, 10);
  const atEnd = mean(cpuPerRequest.slice(-WINDOW));
  const append10 = near(appendMs, 10);
  const appendEnd = mean(appendMs.slice(-WINDOW));
  await world.session.close();

  // each resume adds one turn (3 items) to the session; the median of RESUMES runs is reported
  const resumes = [];
  const freshRuns = [];
  for (let i = 0; i < RESUMES; i++) {
    resumes.push(await resumeOnce(server, world));
    freshRuns.push(await resumeOnce(server, world, true));
  }
  const resumeMs = percentile(resumes, 50);

  console.log(
    JSON.stringify({
      bench: "long-session",
      turns: TURNS,
      calls_per_turn: CALLS,
      history_items: items,
      cpu_ms_turn_10: round(at10, 3),
      cpu_ms_turn_1000: round(atEnd, 3),
      cpu_ratio_1000_to_10: round(atEnd / at10),
      peak_rss_mb: round(Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20, 1),
      append_ms_turn_10: round(append10, 3),
      append_ms_turn_1000: round(appendEnd, 3),
      append_ratio_1000_to_10: round(appendEnd / append10),
      resume_exec_total_ms: round(resumeMs, 0),
      resume_exec_runs_ms: resumes.map((ms) => round(ms, 0)),
      new_session_exec_total_ms: round(percentile(freshRuns, 50), 0),
      load_average_1m: round(loadavg()[0]),
    }),
  );
} finally {
  await world.close();
  await server.stop();
}
