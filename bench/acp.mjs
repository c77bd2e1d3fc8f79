// ACP figures (issue 44) of the built CLI (run `npm run build` first), all on the embedded demo
// provider (`--demo`, a loopback server inside the measured process):
// - `initialize`: `mini-codex acp --demo` spawned → its JSON-RPC `initialize` answered, through
//   the ACP SDK's client over the child's stdio (median, p90; the process's CPU time by then,
//   read from /proc), beside `node -e 0` run in the same rounds;
// - a turn: the same demo turns (one that runs a command, one of plain text) through one ACP
//   agent (session/new once, then each prompt timed session/prompt → its response), through
//   `mini-codex exec --json --demo` (a process a turn: spawn → exit, and the turn inside it,
//   `turn.started` → `turn.completed` as its stdout gives them), and in this process on a warm
//   session opened by the launch code both commands run (no process, no protocol): what ACP
//   adds to a turn, and what a process a turn costs over it. Rounds interleave the three, so a
//   change in machine load hits them alike. Prints the figures, then one JSON line.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { client, ndJsonStream } from "@agentclientprotocol/sdk";
import { openSession } from "../dist/launch/open-session.js";
import { loadRuntime } from "../dist/launch/runtime.js";
import { BIN, percentile, round } from "./lib/session-world.mjs";

const INIT_RUNS = Number(process.env.BENCH_RUNS ?? 10);
const ROUNDS = Number(process.env.BENCH_TURNS ?? 8);
/** The same demo turns everywhere: one command run in the sandbox, and plain text. */
const PROMPTS = {
  command: { text: "run: echo acp-bench", shows: "acp-bench" },
  text: { text: "hello from the bench", shows: "You said: hello from the bench" },
};
/** What the developer's shell must not bring in (real keys, base URLs, their home, CA files). */
const SHELL_ONLY = [
  "OPENAI_API_KEY",
  "CODEX_API_KEY",
  "OPENAI_BASE_URL",
  "MINI_CODEX_HOME",
  "CODEX_HOME",
  "CODEX_CA_CERTIFICATE",
  "SSL_CERT_FILE",
];

const worlds = [];
/** A temp HOME and MINI_CODEX_HOME, and a git repository to work in (removed at the end). */
function tempWorld(name) {
  const root = mkdtempSync(join(tmpdir(), `mini-codex-bench-acp-${name}-`));
  const repo = join(root, "repo");
  execFileSync("git", ["init", "-q", repo]);
  const home = join(root, "home");
  const env = { ...process.env };
  for (const key of SHELL_ONLY) delete env[key];
  Object.assign(env, { HOME: root, MINI_CODEX_HOME: home });
  const world = { root, repo, home, env };
  worlds.push(world);
  return world;
}

/**
 * CPU time a live process has used so far, all its threads (Linux: the nanoseconds each thread
 * was on a CPU, /proc/PID/task/N/schedstat; null elsewhere).
 */
function cpuMs(pid) {
  try {
    const tasks = readdirSync(`/proc/${pid}/task`);
    const ns = tasks.map((task) =>
      Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]),
    );
    return ns.reduce((a, b) => a + b, 0) / 1e6;
  } catch {
    return null;
  }
}

/**
 * `mini-codex acp` as an editor runs it, driven by the SDK's client. The folder-trust question
 * the agent asks through the editor (a permission request; no elicitation is offered) is answered
 * "yes", as a person opening their project would: nothing is pre-trusted. Any other question
 * would mean the turn is not the one measured: it is refused and the bench fails.
 */
function startAcp(world, args) {
  const child = spawn(process.execPath, [BIN, "acp", ...args], {
    cwd: world.repo,
    env: world.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text) => {
    stderr += text;
  });
  const agent = { child, updates: [], unexpected: [], stderr: () => stderr };
  const stream = ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
  agent.connection = client({ name: "mini-codex-bench" })
    .onNotification("session/update", ({ params }) => {
      agent.updates.push(params.update);
    })
    .onRequest("session/request_permission", ({ params }) => {
      if (params.toolCall.title?.startsWith("Trust ")) {
        const yes = params.options.find((option) => option.kind === "allow_once");
        return { outcome: { outcome: "selected", optionId: yes.optionId } };
      }
      agent.unexpected.push(params.toolCall.title);
      return { outcome: { outcome: "cancelled" } };
    })
    .connect(stream);
  agent.ctx = agent.connection.agent;
  agent.stop = async () => {
    agent.connection.close();
    child.stdin.end();
    if (child.exitCode !== null || child.signalCode !== null) return;
    const closed = new Promise((resolve) => child.once("close", resolve));
    // it exits when stdin ends; one that does not is ended by its pid, and that is an error
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await closed;
    clearTimeout(timer);
    if (child.signalCode === "SIGKILL") throw new Error("mini-codex acp did not exit on EOF");
  };
  return agent;
}

const INITIALIZE = { protocolVersion: 1, clientCapabilities: {} };

/** Spawn → `initialize` answered, and the CPU the agent used by then. */
async function initializeOnce(world) {
  const start = performance.now();
  const agent = startAcp(world, ["--demo"]);
  try {
    const init = await agent.ctx.request("initialize", INITIALIZE);
    const ms = performance.now() - start;
    const cpu = cpuMs(agent.child.pid);
    if (init.agentInfo?.name !== "mini-codex") throw new Error("initialize: not mini-codex");
    return { ms, cpu };
  } catch (error) {
    throw new Error(`initialize failed: ${error.message}\n${agent.stderr()}`);
  } finally {
    await agent.stop();
  }
}

/** `node -e 0`'s spawn → exit, and the CPU it used (it says so itself as it ends). */
function nodeBaseline() {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const said = "const u = process.cpuUsage(); process.stdout.write(String(u.user + u.system))";
    const child = spawn(process.execPath, ["-e", said], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("close", () => resolve({ ms: performance.now() - start, cpu: Number(out) / 1000 }));
  });
}

/** One `exec --json --demo` run: spawn → exit, spawn → its first line, and the turn inside. */
function execOnce(world, prompt) {
  return new Promise((resolve, reject) => {
    const args = ["exec", "--json", "--demo", "-s", "workspace-write", "-C", world.repo];
    const start = performance.now();
    const child = spawn(process.execPath, [BIN, ...args, prompt.text], {
      env: world.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const at = {};
    let out = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      const now = performance.now();
      out += chunk;
      for (const line of chunk.split("\n")) {
        const type = /^\{"type":"([a-z._]+)"/.exec(line)?.[1];
        if (type && at[type] === undefined) at[type] = now;
      }
      at.first ??= now;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const total = performance.now() - start;
      if (code !== 0 || !out.includes(prompt.shows) || at["turn.completed"] === undefined) {
        return reject(new Error(`exec --json: exit ${code}\n${out}\n${stderr}`));
      }
      resolve({
        total,
        firstLine: at.first - start,
        turn: at["turn.completed"] - at["turn.started"],
      });
    });
  });
}

/** One ACP prompt on an open session: session/prompt sent → its response, and the agent's CPU. */
async function acpPrompt(agent, sessionId, prompt) {
  const seen = agent.updates.length;
  const cpuBefore = cpuMs(agent.child.pid);
  const start = performance.now();
  const done = await agent.ctx.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: prompt.text }],
  });
  const ms = performance.now() - start;
  const cpuAfter = cpuMs(agent.child.pid);
  const updates = agent.updates.slice(seen);
  // the answer's text joined (it comes in chunks), and every other update as it is
  const shown = updates
    .map((u) => (u.sessionUpdate === "agent_message_chunk" ? u.content.text : JSON.stringify(u)))
    .join("");
  if (done.stopReason !== "end_turn" || !shown.includes(prompt.shows) || agent.unexpected.length)
    throw new Error(`acp prompt "${prompt.text}": ${done.stopReason}, ${agent.unexpected}`);
  return { ms, cpu: cpuBefore === null ? null : cpuAfter - cpuBefore, updates: updates.length };
}

/**
 * The same turn in this process on a warm session: the runtime and session exec and acp open
 * (loadRuntime, openSession from dist/launch) with the same flags, in a home of its own. Its
 * folder is not trusted, as exec's runs are not: trust changes no setting here, `-s` sets them.
 */
async function inProcessSession(world) {
  const saved = { HOME: process.env.HOME, MINI_CODEX_HOME: process.env.MINI_CODEX_HOME };
  for (const key of SHELL_ONLY) delete process.env[key];
  Object.assign(process.env, { HOME: world.root, MINI_CODEX_HOME: world.home });
  const runtime = await loadRuntime({
    flags: { config: [], addDir: [], cd: world.repo, demo: true, sandbox: "workspace-write" },
    defaultApprovalPolicy: "on-request",
    defaultSandbox: "workspace-write",
  });
  const { session } = await openSession(runtime, { warmup: false });
  return {
    async turn(prompt) {
      let shown = "";
      const off = session.subscribe((event) => {
        shown += JSON.stringify(event);
      });
      const cpuBefore = process.cpuUsage();
      const start = performance.now();
      const result = await session.send(prompt.text);
      const ms = performance.now() - start;
      const cpu = process.cpuUsage(cpuBefore);
      off();
      if (!result.ok || !shown.includes(prompt.shows))
        throw new Error(`in-process turn "${prompt.text}": ${result.error ?? "not shown"}`);
      return { ms, cpu: (cpu.user + cpu.system) / 1000 };
    },
    async close() {
      await session.close();
      await runtime.checkSandbox();
      await runtime.close();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    },
  };
}

const ms = (values, p) => (values.length ? round(percentile(values, p), 1) : null);
/** The median of one field of each run. */
const median = (runs, field) =>
  ms(
    runs.map((r) => r[field]).filter((v) => v !== null && v !== undefined),
    50,
  );

const started = performance.now();
try {
  // initialize: one home for every launch, as an editor starting the agent again and again
  const initWorld = tempWorld("init");
  await initializeOnce(initWorld); // prime the OS file cache and the home's code cache
  const init = [];
  const node = [];
  for (let i = 0; i < INIT_RUNS; i++) {
    node.push(await nodeBaseline());
    init.push(await initializeOnce(initWorld));
  }

  // turns: one agent, one exec home, one in-process session, each in a world of its own
  const acpWorld = tempWorld("agent");
  const execWorld = tempWorld("exec");
  const agent = startAcp(acpWorld, ["--demo"]);
  const inProcessWorld = tempWorld("in-process");
  const inProcess = await inProcessSession(inProcessWorld);
  const turns = Object.fromEntries(
    Object.keys(PROMPTS).map((k) => [
      k,
      { acp: [], updates: 0, exec: [], warm: [], acpOverWarm: [], execOverAcp: [] },
    ]),
  );
  let sessionNewMs;
  let firstPromptMs;
  try {
    await agent.ctx.request("initialize", INITIALIZE);
    let start = performance.now();
    const { sessionId } = await agent.ctx.request("session/new", {
      cwd: acpWorld.repo,
      mcpServers: [],
    });
    sessionNewMs = performance.now() - start;
    // round 0 warms each path and is not counted: the agent's first prompt asks the folder's trust
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [kind, prompt] of Object.entries(PROMPTS)) {
        const exec = await execOnce(execWorld, prompt);
        start = performance.now();
        const acp = await acpPrompt(agent, sessionId, prompt);
        if (round === 0 && kind === "command") firstPromptMs = performance.now() - start;
        const warm = await inProcess.turn(prompt);
        if (round === 0) continue;
        const t = turns[kind];
        t.exec.push(exec);
        t.acp.push(acp);
        t.updates = acp.updates;
        t.warm.push(warm);
        // the differences taken within a round: a load change between rounds cancels out
        t.acpOverWarm.push({
          ms: acp.ms - warm.ms,
          cpu: acp.cpu === null ? null : acp.cpu - warm.cpu,
        });
        t.execOverAcp.push(exec.total - acp.ms);
      }
    }
  } finally {
    await agent.stop();
    await inProcess.close();
  }
  // each path kept its sessions in its own temp home, none anywhere else
  for (const world of [acpWorld, execWorld, inProcessWorld]) {
    if (!existsSync(join(world.home, "sessions"))) throw new Error(`no sessions in ${world.home}`);
  }

  const perTurn = Object.fromEntries(
    Object.entries(turns).map(([kind, t]) => {
      return [
        kind,
        {
          prompt: PROMPTS[kind].text,
          acp_turn_ms: median(t.acp, "ms"),
          acp_turn_p90_ms: ms(
            t.acp.map((r) => r.ms),
            90,
          ),
          acp_turn_agent_cpu_ms: median(t.acp, "cpu"),
          acp_updates_per_turn: t.updates,
          in_process_turn_ms: median(t.warm, "ms"),
          in_process_turn_cpu_ms: median(t.warm, "cpu"),
          exec_json_total_ms: median(t.exec, "total"),
          exec_json_first_line_ms: median(t.exec, "firstLine"),
          exec_json_turn_ms: median(t.exec, "turn"),
          // medians of the differences within each round
          acp_over_in_process_ms: median(t.acpOverWarm, "ms"),
          acp_over_in_process_cpu_ms: median(t.acpOverWarm, "cpu"),
          exec_json_over_acp_ms: ms(t.execOverAcp, 50),
        },
      ];
    }),
  );
  const figures = {
    bench: "acp",
    initialize_runs: INIT_RUNS,
    initialize_ms: median(init, "ms"),
    initialize_p90_ms: ms(
      init.map((r) => r.ms),
      90,
    ),
    initialize_cpu_ms: median(init, "cpu"),
    node_baseline_ms: median(node, "ms"),
    node_baseline_cpu_ms: median(node, "cpu"),
    session_new_ms: round(sessionNewMs, 1),
    first_prompt_with_trust_question_ms: round(firstPromptMs, 1),
    turn_rounds: ROUNDS,
    turns: perTurn,
    seconds: round((performance.now() - started) / 1000, 1),
    load_average_1m: round(loadavg()[0]),
  };

  console.log(
    `initialize (spawn → answered, ${INIT_RUNS} runs): median ${figures.initialize_ms} ms, p90 ${figures.initialize_p90_ms} ms, agent CPU ${figures.initialize_cpu_ms} ms; node -e 0: ${figures.node_baseline_ms} ms, CPU ${figures.node_baseline_cpu_ms} ms`,
  );
  console.log(
    `session/new ${figures.session_new_ms} ms; first prompt (with the trust question) ${figures.first_prompt_with_trust_question_ms} ms`,
  );
  for (const [kind, f] of Object.entries(perTurn)) {
    console.log(
      `${kind} turn ("${f.prompt}", ${ROUNDS} rounds): ACP ${f.acp_turn_ms} ms (p90 ${f.acp_turn_p90_ms}, agent CPU ${f.acp_turn_agent_cpu_ms} ms, ${f.acp_updates_per_turn} updates) | in process, warm ${f.in_process_turn_ms} ms (CPU ${f.in_process_turn_cpu_ms} ms) | exec --json ${f.exec_json_total_ms} ms a run (first line ${f.exec_json_first_line_ms} ms, turn inside ${f.exec_json_turn_ms} ms)`,
    );
    console.log(
      `  ACP adds ${f.acp_over_in_process_ms} ms (CPU ${f.acp_over_in_process_cpu_ms} ms) to a warm turn; exec --json costs ${f.exec_json_over_acp_ms} ms more a turn than ACP`,
    );
  }
  console.log(JSON.stringify(figures));
} finally {
  for (const world of worlds) rmSync(world.root, { recursive: true, force: true, maxRetries: 5 });
}
