// exec_command's pseudo-terminal sessions (issue 28): start → first output of a pty session
// (raw node-pty, and the whole exec_command tool in the read-only sandbox: bwrap, login
// snapshot, terminal), write → echo latency of a python3 REPL in a pty, and the cost of the
// headless terminal emulator rendering 10 MB of coloured output. Prints one JSON line.
// `npm run build` first.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, round } from "./lib/session-world.mjs";

const { startProcess } = await import("../dist/tools/unified-exec/spawn.js");
const { TerminalScreen } = await import("../dist/tools/unified-exec/terminal-screen.js");
const { BackgroundTerminals, createToolRouter } = await import("../dist/tools/index.js");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const EMULATOR_MB = Number(process.env.BENCH_EMULATOR_MB ?? 10);

/** ms from spawning `bash -c 'echo ready'` in a pty to its first output. */
async function rawStart() {
  const started = performance.now();
  const child = await startProcess({
    program: { file: "bash", args: ["-c", "echo ready"] },
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "" },
    tty: true,
  });
  return new Promise((resolve) => {
    let first;
    child.onData(() => {
      first ??= performance.now() - started;
    });
    child.onExit(() => resolve(first));
  });
}

/** ms from exec_command's call to its first output event (read-only sandbox, tty). */
async function toolStart(dir) {
  const terminals = new BackgroundTerminals();
  const tools = createToolRouter({ shellTool: "exec_command", terminals, shellSnapshot: false });
  const started = performance.now();
  let first;
  const ctx = {
    callId: "c",
    cwd: dir,
    workspaceRoots: [dir],
    sandbox: "read-only",
    signal: new AbortController().signal,
    emit: (event) => {
      if (event.type === "command_output") first ??= performance.now() - started;
    },
  };
  const args = JSON.stringify({ cmd: "echo ready", tty: true, yield_time_ms: 5000 });
  await tools.execute(
    { type: "function_call", name: "exec_command", call_id: "c", arguments: args },
    ctx,
  );
  await terminals.stopAll();
  return first;
}

/** ms from writing `N+1\n` to a python3 REPL in a pty until the answer is echoed back. */
async function echoLatencies() {
  const child = await startProcess({
    program: { file: "python3", args: ["-q"] },
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", TERM: "xterm-256color" },
    tty: true,
  });
  let out = "";
  let waiter;
  child.onData((data) => {
    out += data;
    waiter?.();
  });
  const until = (text) =>
    new Promise((resolve) => {
      waiter = () => out.includes(text) && resolve();
      waiter();
    });
  await until(">>> ");
  const times = [];
  for (let i = 0; i < ROUNDS * 2; i++) {
    out = "";
    const started = performance.now();
    child.write(`${1000 + i}+1\n`);
    await until(`${1001 + i}\r\n>>> `);
    times.push(performance.now() - started);
  }
  child.write("exit()\n");
  return times;
}

/** ms for the headless terminal to render MB of coloured, `\r`-rewritten lines. */
async function emulatorCost() {
  const screen = await TerminalScreen.create(false);
  const line = `\x1b[32mok\x1b[0m test ${"x".repeat(60)} \x1b[1m[42/100]\x1b[0m\rprogress done\r\n`;
  const chunk = line.repeat(Math.ceil(65_536 / line.length));
  const total = EMULATOR_MB * 1024 * 1024;
  const started = performance.now();
  for (let written = 0; written < total; written += chunk.length) screen.write(chunk);
  await screen.settled();
  const ms = performance.now() - started;
  const lastLine = screen.lastLine();
  screen.dispose();
  return { ms, lastLine };
}

const dir = mkdtempSync(join(tmpdir(), "mini-codex-bench-pty-"));
try {
  const raw = [];
  const tool = [];
  for (let i = 0; i < ROUNDS; i++) raw.push(await rawStart());
  for (let i = 0; i < ROUNDS; i++) tool.push(await toolStart(dir));
  const echo = await echoLatencies();
  const emulator = await emulatorCost();
  const result = {
    bench: "pty-session",
    load: round(loadavg()[0], 2),
    start_first_output_pty_ms: {
      p50: round(percentile(raw, 50), 1),
      p95: round(percentile(raw, 95), 1),
    },
    start_first_output_exec_command_read_only_ms: {
      p50: round(percentile(tool, 50), 1),
      p95: round(percentile(tool, 95), 1),
    },
    write_echo_python_repl_ms: {
      p50: round(percentile(echo, 50), 2),
      p95: round(percentile(echo, 95), 2),
    },
    emulator_10mb: {
      mb: EMULATOR_MB,
      ms: round(emulator.ms, 0),
      mb_per_s: round(EMULATOR_MB / (emulator.ms / 1000), 1),
      rendered_last_line: emulator.lastLine,
    },
  };
  console.log(JSON.stringify(result));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
