// The hot path: client time from `response.completed` (as the WebSocket transport yields it) to
// the next request leaving, minus the tool's own run time, over 200 tool continuations of a real
// session against the demo server, sending an API key (so every event is read through the
// credential scrubber, as with a real provider). Then the shell: what a slow login profile costs per command
// under `bash -lc`, `bash -c` and a once-captured environment snapshot (the Codex CLI's
// shell_snapshot idea), and what mini-codex's shell_command pays with its login snapshot (the
// first command captures it) and without; the profile counts its own runs. Prints one JSON line.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { apiKeyCredentials } from "../dist/auth/credentials-for.js";
import { percentile, round, sessionWorld } from "./lib/session-world.mjs";

const CONTINUATIONS = Number(process.env.BENCH_CONTINUATIONS ?? 200);
const SLOW_PROFILE_S = 0.2;
const SHELL_COMMANDS = 6;

async function hotPath() {
  // an API key is sent, as to a real provider: every event is read through the credential scrubber
  const credentials = apiKeyCredentials(`sk-bench-${"k".repeat(150)}`);
  const world = await sessionWorld({ ledger: true, credentials });
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

/** What `run: true` costs through a real session's shell_command, and how often the profile ran. */
async function shellCommandCosts(runsFile, toolOptions) {
  writeFileSync(runsFile, "");
  const world = await sessionWorld({ toolOptions });
  try {
    let started;
    const times = [];
    world.session.subscribe((event) => {
      if (event.type === "tool_call_started") started = performance.now();
      if (event.type === "tool_call_finished") times.push(performance.now() - started);
    });
    for (let i = 0; i < SHELL_COMMANDS; i++) await world.session.send("run: true");
    return {
      first: round(times[0], 1),
      rest: round(percentile(times.slice(1), 50), 1),
      profileRuns: readFileSync(runsFile, "utf8").split("\n").length - 1,
    };
  } finally {
    await world.close();
  }
}

/** A HOME whose login profile takes SLOW_PROFILE_S, and what each way of starting a shell pays. */
async function shellCosts() {
  const home = mkdtempSync(join(tmpdir(), "mini-codex-bench-profile-"));
  const runsFile = join(home, "profile-runs");
  writeFileSync(
    join(home, ".bash_profile"),
    `echo run >> ${runsFile}\nsleep ${SLOW_PROFILE_S}\nexport FROM_PROFILE=1\n`,
  );
  const env = { PATH: process.env.PATH, HOME: home };
  const snapshot = join(home, "snapshot.sh");
  writeFileSync(snapshot, execFileSync("bash", ["-lc", "export -p"], { env, encoding: "utf8" }));
  const figures = {
    slow_profile_ms: SLOW_PROFILE_S * 1000,
    bash_lc_slow_profile_ms: timeCommand("bash", ["-lc", "true"], env),
    bash_c_ms: timeCommand("bash", ["-c", "true"], env),
    bash_c_snapshot_ms: timeCommand("bash", ["-c", `. ${snapshot} && true`], env),
  };
  // what mini-codex's shell_command tool pays under that HOME, through a real session: with
  // the login snapshot (the default) and without it (`[features] shell_snapshot = false`)
  const realHome = process.env.HOME;
  process.env.HOME = home;
  try {
    const snap = await shellCommandCosts(runsFile, {});
    const plain = await shellCommandCosts(runsFile, { shellSnapshot: false });
    Object.assign(figures, {
      shell_commands: SHELL_COMMANDS,
      shell_command_ms: snap.rest,
      shell_command_first_ms: snap.first,
      shell_command_profile_runs: snap.profileRuns,
      shell_command_no_snapshot_ms: plain.rest,
      shell_command_no_snapshot_profile_runs: plain.profileRuns,
    });
  } finally {
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
