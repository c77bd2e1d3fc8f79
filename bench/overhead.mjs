// The hot path: client time from `response.completed` (as the WebSocket transport yields it) to
// the next request leaving, minus the tool's own run time, over 200 tool continuations of a real
// session against the demo server. Then the shell: what a slow login profile costs per command
// under `bash -lc`, `bash -c` and a once-captured environment snapshot (the Codex CLI's
// shell_snapshot idea), and what mini-codex's shell_command pays. Prints one JSON line.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, round, sessionWorld } from "./lib/session-world.mjs";

const CONTINUATIONS = Number(process.env.BENCH_CONTINUATIONS ?? 200);
const SLOW_PROFILE_S = 0.2;

async function hotPath() {
  const world = await sessionWorld({ ledger: true });
  let completedAt;
  let toolStart;
  let toolMs = 0;
  const gaps = [];
  world.marks.onCompleted = (t) => {
    completedAt = t;
    toolMs = 0;
  };
  world.marks.onSend = (t) => {
    if (completedAt !== undefined && toolMs > 0) gaps.push(t - completedAt - toolMs);
    completedAt = undefined;
  };
  world.session.subscribe((event) => {
    if (event.type === "tool_call_started") toolStart = performance.now();
    if (event.type === "tool_call_finished") toolMs += performance.now() - toolStart;
  });
  try {
    // update_plan is an in-process tool: what remains is the client's own work
    for (let i = 0; i < CONTINUATIONS + 20; i++) await world.session.send(`plan: step ${i}; next`);
  } finally {
    await world.close();
  }
  const measured = gaps.slice(20); // the first turns warm the JIT
  return {
    continuations: measured.length,
    median_ms: round(percentile(measured, 50), 3),
    p95_ms: round(percentile(measured, 95), 3),
    max_ms: round(Math.max(...measured), 3),
  };
}

function timeCommand(file, args, env, runs = 7) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const result = spawnSync(file, args, { env, stdio: "ignore" });
    if (result.status !== 0) throw new Error(`${file} ${args.join(" ")} exited ${result.status}`);
    times.push(performance.now() - t);
  }
  return round(percentile(times, 50), 1);
}

/** A HOME whose login profile takes SLOW_PROFILE_S, and what each way of starting a shell pays. */
async function shellCosts() {
  const home = mkdtempSync(join(tmpdir(), "mini-codex-bench-profile-"));
  writeFileSync(join(home, ".bash_profile"), `sleep ${SLOW_PROFILE_S}\nexport FROM_PROFILE=1\n`);
  const env = { PATH: process.env.PATH, HOME: home };
  const snapshot = join(home, "snapshot.sh");
  writeFileSync(snapshot, execFileSync("bash", ["-lc", "export -p"], { env, encoding: "utf8" }));
  const figures = {
    slow_profile_ms: SLOW_PROFILE_S * 1000,
    bash_lc_slow_profile_ms: timeCommand("bash", ["-lc", "true"], env),
    bash_c_ms: timeCommand("bash", ["-c", "true"], env),
    bash_c_snapshot_ms: timeCommand("bash", ["-c", `. ${snapshot} && true`], env),
  };
  // what mini-codex's shell_command tool pays under that HOME, through a real session
  const realHome = process.env.HOME;
  process.env.HOME = home;
  const world = await sessionWorld();
  try {
    let started;
    const times = [];
    world.session.subscribe((event) => {
      if (event.type === "tool_call_started") started = performance.now();
      if (event.type === "tool_call_finished") times.push(performance.now() - started);
    });
    for (let i = 0; i < 5; i++) await world.session.send("run: true");
    figures.shell_command_ms = round(percentile(times, 50), 1);
  } finally {
    await world.close();
    process.env.HOME = realHome;
    rmSync(home, { recursive: true, force: true });
  }
  return figures;
}

mkdirSync(tmpdir(), { recursive: true });
const hot = await hotPath();
const shell = await shellCosts();
console.log(
  JSON.stringify({
    bench: "overhead",
    ...hot,
    target_median_ms: 2,
    target_p95_ms: 5,
    ...shell,
    load_average_1m: round(loadavg()[0]),
  }),
);
