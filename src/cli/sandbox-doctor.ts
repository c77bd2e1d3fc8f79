/**
 * `mini-codex sandbox doctor`: runs one real command per promise under the sandbox the
 * platform uses (bwrap on Linux, Seatbelt on macOS), through the launcher the model's commands
 * take, in a scratch world it makes and removes, and prints pass or fail per promise.
 */
import { spawn } from "node:child_process";
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configPath, EXIT_FAILED, EXIT_OK, readConfigFile, resolveHome } from "../launch/index.js";
import { probeSandbox } from "../sandbox/index.js";
import { resolveSettings } from "../settings/index.js";
import { createCommandLauncher, runShellCommand } from "../tools/index.js";
import {
  DOCTOR_RUNS,
  type DoctorWorld,
  doctorProbes,
  doctorReport,
  probeLeftovers,
  type Verdict,
} from "./sandbox-doctor-probes.js";

const PROBE_TIMEOUT_MS = 30_000;

function listen(server: Server, at: number | string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(at, () => resolve());
  });
}

/**
 * The scratch world below `root`: a workspace holding a home with secrets, a folder beside it,
 * a loopback server, a Unix socket and another process; `close` stops what it started.
 */
export async function makeDoctorWorld(
  root: string,
): Promise<{ world: DoctorWorld; close: () => void }> {
  const canary = `mini-codex-doctor-${Math.random().toString(36).slice(2)}`;
  const ws = join(root, "ws");
  const home = join(ws, "home");
  const outside = join(root, "outside");
  const miniCodexHome = join(home, ".mini-codex");
  for (const dir of [join(ws, ".git"), join(home, ".ssh"), join(home, "run"), outside]) {
    mkdirSync(dir, { recursive: true });
  }
  mkdirSync(join(miniCodexHome, "sessions"), { recursive: true });
  writeFileSync(join(ws, ".git", "config"), "[core]\n");
  writeFileSync(join(home, ".ssh", "id_rsa"), `${canary}\n`);
  writeFileSync(join(home, ".netrc"), `machine example.com password ${canary}\n`);
  writeFileSync(join(miniCodexHome, "sessions", "s.jsonl"), `${canary}\n`);
  writeFileSync(join(home, "notes.txt"), "visible\n");
  writeFileSync(join(outside, "original.txt"), "original\n");
  linkSync(join(outside, "original.txt"), join(ws, "linked.txt"));
  const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
    env: { ...process.env, MINI_CODEX_DOCTOR_CANARY: canary },
    stdio: "ignore",
  });
  const tcp = createServer((socket) => socket.end());
  const unix = createServer((socket) => socket.end());
  const close = () => {
    other.kill("SIGKILL");
    tcp.close();
    unix.close();
  };
  try {
    await listen(tcp, 0);
    const socket = join(home, "run", "agent.sock");
    await listen(unix, socket);
    const address = tcp.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const otherPid = other.pid ?? 0;
    const node = process.execPath;
    const world = { ws, outside, home, miniCodexHome, socket, port, otherPid, canary, node };
    return { world, close };
  } catch (error) {
    close();
    throw error;
  }
}

/** `[sandbox_macos] process_listing` from config.toml (the doctor checks the user's setting). */
function processListing(): boolean {
  const table = readConfigFile(configPath(resolveHome())) ?? {};
  const macos = table.sandbox_macos as { process_listing?: unknown } | undefined;
  return macos?.process_listing === true;
}

async function runProbes(world: DoctorWorld, knobs: { processListing: boolean; platform: string }) {
  const signal = new AbortController().signal;
  const runs = [];
  for (const run of DOCTOR_RUNS) {
    for (const path of probeLeftovers(world)) rmSync(path, { force: true });
    const launcher = createCommandLauncher({
      config: resolveSettings({
        sandbox_workspace_write: { network_access: run.network },
        sandbox_macos: { process_listing: knobs.processListing },
        features: { shell_snapshot: false },
      }),
      sandbox: {
        home: world.home,
        hiddenHomes: [world.miniCodexHome],
        runtimeDir: join(world.home, "run"),
      },
    });
    const ctx = {
      callId: "doctor",
      cwd: world.ws,
      workspaceRoots: [world.ws],
      sandbox: run.mode,
      signal,
      emit: () => {},
    };
    const results: Array<{ promise: string; verdict: Verdict }> = [];
    for (const probe of doctorProbes(world, run, knobs)) {
      const plan = { command: probe.command, workdir: world.ws, shownDir: ".", login: false };
      const prepared = await launcher(run.mode, plan, ctx);
      if ("refused" in prepared) return { refused: prepared.refused };
      const outcome = await runShellCommand(probe.command, {
        cwd: world.ws,
        timeoutMs: PROBE_TIMEOUT_MS,
        signal,
        program: prepared.program,
        baseEnv: prepared.env,
        onChunk: () => {},
      });
      const verdict = probe.verdict({ exitCode: outcome.exitCode, output: outcome.output });
      results.push({ promise: probe.promise, verdict });
    }
    runs.push({ title: run.title, results });
  }
  return { runs };
}

/** Run the doctor; prints the report and resolves with the exit code. */
export async function runSandboxDoctor(print: (text: string) => void): Promise<number> {
  const status = await probeSandbox();
  if (!status.ok) {
    print(`mini-codex sandbox doctor: no sandbox here: ${status.why}.\n${status.remedy}.\n`);
    return EXIT_FAILED;
  }
  const knobs = { processListing: processListing(), platform: process.platform };
  const name = status.engine === "bwrap" ? "bubblewrap" : "Seatbelt";
  const heading = `mini-codex sandbox doctor: ${name} (${status.path}) on ${process.platform}; each line is a real command run in the sandbox`;
  const root = mkdtempSync(join(realpathSync(tmpdir()), "mini-codex-doctor-"));
  let close = () => {};
  try {
    const made = await makeDoctorWorld(root);
    close = made.close;
    const ran = await runProbes(made.world, knobs);
    if ("refused" in ran) {
      print(`${heading}\n${ran.refused}\n`);
      return EXIT_FAILED;
    }
    const report = doctorReport(heading, ran.runs);
    print(report.text);
    return report.failed === 0 ? EXIT_OK : EXIT_FAILED;
  } finally {
    close();
    rmSync(root, { recursive: true, force: true });
  }
}
