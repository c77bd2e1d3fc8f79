// The TUI's first usable prompt, in a pseudo-terminal (util-linux `script`): from spawn to the
// input box drawn, and to the echo of a key typed the moment it is drawn (keys accepted).
// Against a demo server in this process. Prints one JSON line. Run `npm run build` first.
// The launches after the first find V8's code cache the first one wrote at exit
// ($MINI_CODEX_HOME/cache/code, bin/code-cache.js), as every launch after a person's first does;
// `cold_*` are launches with that cache removed (the first after an install or upgrade: they run
// from the cache the build seeded, build/seed-code-cache.mjs, and so write none of their own).
// BENCH_BASELINE=<another checkout's bin/mini-codex.js>: that build is launched too, each of its
// runs right after one of this build's (same load), and its medians printed as `baseline`.
// `question`: a first start in a git folder never asked about (a new one each launch): the trust
// question drawn (from spawn), then answered `1` a second later as a person reading it would (the
// key, then Enter: what either a list or a line prompt takes), and from the answer to a key's
// echo in the TUI (the terminal handed back, the app drawn).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoServer } from "../dist/demo/index.js";

const BIN = fileURLToPath(new URL("../bin/mini-codex.js", import.meta.url));
const BASELINE = process.env.BENCH_BASELINE;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const COLD_RUNS = 3;
const TARGET_MS = 300;
const PROMPT = "Ask mini-codex";
// the composer's caret, then the typed key (colour codes may sit between them)
const ECHO = /›\s(?:\u001b\[[0-9;]*m)*z/;
// the trust question's keys line (a list), or the line prompt of builds before it
const QUESTION = /Enter or 1–2 pick|Choose 1–2/;
const READING_MS = 1000;

if (spawnSync("script", ["--version"]).status !== 0) {
  console.log(JSON.stringify({ bench: "tui-startup", skipped: "util-linux `script` not found" }));
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-tui-"));
const repo = join(root, "repo");
execFileSync("git", ["init", "-q", repo]);
const env = {
  ...process.env,
  HOME: root,
  MINI_CODEX_HOME: join(root, "home"),
  TERM: "xterm-256color",
};
const CODE_CACHE = join(env.MINI_CODEX_HOME, "cache", "code");
for (const key of ["OPENAI_API_KEY", "CODEX_API_KEY", "OPENAI_BASE_URL", "CI"]) delete env[key];
const server = await startDemoServer();

const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

/**
 * One launch in a 100x30 pty; resolves with the times (ms from spawn) it reached each mark.
 * `quit`: Ctrl+C twice after the echo and wait for the exit (else the pty is killed at once).
 * `cwd`: a folder never asked about: the trust question is answered first (`asked`).
 */
function launch(command, { quit = false, cwd = repo } = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(
      "script",
      ["-qfec", `stty cols 100 rows 30; cd ${quote(cwd)}; exec ${command}`, "/dev/null"],
      { env, stdio: ["pipe", "pipe", "ignore"] },
    );
    const times = {};
    let output = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve(times);
    };
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      child.kill("SIGKILL");
      reject(new Error(`no prompt within 20 s; output: ${output.slice(-300)}`));
    }, 20_000);
    child.on("error", reject);
    child.on("close", finish);
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const now = performance.now() - start;
      if (cwd !== repo && times.asked === undefined && QUESTION.test(output)) {
        times.asked = now;
        setTimeout(() => {
          if (done) return;
          times.answered = performance.now() - start;
          child.stdin.write("1\r");
        }, READING_MS);
      }
      if (times.drawn === undefined && output.includes(PROMPT)) {
        times.drawn = now;
        child.stdin.write("z");
      }
      if (times.drawn !== undefined && times.echo === undefined && ECHO.test(output)) {
        times.echo = now;
        // Ctrl+C twice quits (two key presses: one chunk would read as one key)
        if (!quit) {
          child.stdin.write("\u0003\u0003");
          finish();
        } else {
          child.stdin.write("\u0003");
          setTimeout(() => child.stdin.write("\u0003"), 200);
        }
      }
    });
  });
}

const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)]) : null;
};

async function nodeBaseline() {
  const start = performance.now();
  await new Promise((resolve) => {
    const child = spawn(
      "script",
      ["-qfec", `stty cols 100 rows 30; exec ${quote(process.execPath)} -e 0`, "/dev/null"],
      { env, stdio: ["pipe", "ignore", "ignore"] },
    );
    child.on("close", resolve);
  });
  return performance.now() - start;
}

try {
  // the folder is trusted beforehand: the first-run trust question is not the prompt measured
  const trusted = `projects.${JSON.stringify(realpathSync(repo))}.trust_level="trusted"`;
  const tuiOf = (bin, trust = true) =>
    `${quote(process.execPath)} ${quote(bin)} -c ${quote(`openai_base_url=${server.baseUrl}`)}${trust ? ` -c ${quote(trusted)}` : ""}`;
  const tui = tuiOf(BIN);
  const coldEcho = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    rmSync(CODE_CACHE, { recursive: true, force: true });
    coldEcho.push((await launch(tui, { quit: i === COLD_RUNS - 1 })).echo);
  }
  // the last cold launch quit: it primed the OS file cache (and, without a seed, wrote the cache)
  const drawn = [];
  const echo = [];
  const node = [];
  const baseline = { drawn: [], echo: [] };
  if (BASELINE) await launch(tuiOf(BASELINE), { quit: true });
  for (let i = 0; i < RUNS; i++) {
    node.push(await nodeBaseline());
    const times = await launch(tui);
    drawn.push(times.drawn);
    echo.push(times.echo);
    if (BASELINE) {
      const other = await launch(tuiOf(BASELINE));
      baseline.drawn.push(other.drawn);
      baseline.echo.push(other.echo);
    }
  }
  // the first start in a new folder: asked, answered, then the TUI
  const question = { asked: [], echo: [] };
  const baselineQuestion = { asked: [], echo: [] };
  let fresh = 0;
  const freshRepo = () => {
    const dir = join(root, `fresh-${++fresh}`);
    execFileSync("git", ["init", "-q", dir]);
    return dir;
  };
  for (let i = 0; i < RUNS; i++) {
    const times = await launch(tuiOf(BIN, false), { cwd: freshRepo() });
    question.asked.push(times.asked);
    question.echo.push(times.echo - times.answered);
    if (BASELINE) {
      const other = await launch(tuiOf(BASELINE, false), { cwd: freshRepo() });
      baselineQuestion.asked.push(other.asked);
      baselineQuestion.echo.push(other.echo - other.answered);
    }
  }
  const firstUsable = median(echo);
  console.log(
    JSON.stringify({
      bench: "tui-startup",
      runs: RUNS,
      node_in_pty_ms: median(node),
      prompt_drawn_ms: median(drawn),
      first_key_echo_ms: firstUsable,
      cold_first_key_echo_ms: median(coldEcho),
      code_cache_written: existsSync(CODE_CACHE),
      question_drawn_ms: median(question.asked),
      answer_to_key_echo_ms: median(question.echo),
      ...(BASELINE
        ? {
            baseline: {
              bin: BASELINE,
              prompt_drawn_ms: median(baseline.drawn),
              first_key_echo_ms: median(baseline.echo),
              question_drawn_ms: median(baselineQuestion.asked),
              answer_to_key_echo_ms: median(baselineQuestion.echo),
            },
          }
        : {}),
      target_first_usable_ms: TARGET_MS,
      target_met: firstUsable !== null && firstUsable <= TARGET_MS,
      load_average_1m: Number(loadavg()[0].toFixed(2)),
    }),
  );
} finally {
  await server.close();
  // a killed launch's TUI may still be writing its session as it ends: retry
  rmSync(root, { recursive: true, force: true, maxRetries: 10 });
}
