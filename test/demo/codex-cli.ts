import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BIN } from "../e2e/helpers.js";
import { testRunEnv } from "../leak-check/run-marker.js";

const TRIPLES: Record<string, string> = {
  "linux-x64": "x86_64-unknown-linux-musl",
  "linux-arm64": "aarch64-unknown-linux-musl",
};

/** The Codex CLI binary of the @openai/codex devDependency (the reference client), or why there is none. */
export function codexBinary(): { path: string } | { skip: string } {
  const triple = TRIPLES[`${process.platform}-${process.arch}`];
  if (!triple) return { skip: `no Codex CLI binary for ${process.platform}-${process.arch}` };
  try {
    // @openai/codex (a devDependency of its own, 0.171) carries the platform binary package
    const cli = createRequire(import.meta.url).resolve("@openai/codex/package.json");
    const arch = triple.startsWith("x86_64") ? "x64" : "arm64";
    const platform = createRequire(cli).resolve(`@openai/codex-linux-${arch}/package.json`);
    const path = join(dirname(platform), "vendor", triple, "bin", "codex");
    return existsSync(path) ? { path } : { skip: `the Codex CLI binary is missing at ${path}` };
  } catch (error) {
    return { skip: `the Codex CLI package is not installed: ${(error as Error).message}` };
  }
}

/** A `mini-codex demo-server` process (the built CLI) with its request log. */
export interface DemoServerProcess {
  baseUrl: string;
  /** The request log lines so far. */
  requests(): Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

export async function startDemoServerProcess(dir: string): Promise<DemoServerProcess> {
  const log = join(dir, "requests.jsonl");
  writeFileSync(log, "");
  const child = spawn(
    process.execPath,
    [BIN, "demo-server", "--port", "0", "--requests-log", log],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve(line.trim());
    });
    child.once("exit", (code) => reject(new Error(`demo-server exited early (${code})`)));
  });
  return {
    baseUrl,
    requests: () => readLines(log),
    stop: () => stopChild(child),
  };
}

function readLines(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export interface CodexRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** `codex exec --json` lines, each parsed. */
  events: Array<Record<string, unknown> & { type: string }>;
  /** The working directory the run used. */
  work: string;
}

/**
 * A scratch place for Codex CLI runs: its own CODEX_HOME (config.toml pointing at our server),
 * TMPDIR and HOME, so nothing of the machine's Codex setup is read or written.
 */
export function codexWorld(
  baseUrl: string,
  websockets: boolean,
  options: { model?: string; providerName?: string } = {},
) {
  const root = mkdtempSync(join(tmpdir(), "mini-codex-codex-cli-"));
  const home = join(root, "codex-home");
  const tmp = join(root, "tmp");
  for (const dir of [home, tmp]) mkdirSync(dir);
  writeFileSync(
    join(home, "config.toml"),
    [
      `model = "${options.model ?? "demo-model"}"`,
      'model_provider = "minidemo"',
      "",
      "[model_providers.minidemo]",
      // "OpenAI" where Codex's behaviour depends on an OpenAI-named provider (protocol-2026 §2.2)
      `name = "${options.providerName ?? "mini-codex demo"}"`,
      `base_url = "${baseUrl}"`,
      'wire_api = "responses"',
      'env_key = "MINI_DEMO_KEY"',
      `supports_websockets = ${websockets}`,
      "request_max_retries = 0",
      "stream_max_retries = 0",
      "",
    ].join("\n"),
  );
  let runs = 0;
  return {
    root,
    /** `extraArgs` go before the prompt (e.g. --dangerously-bypass-hook-trust). */
    async exec(binary: string, prompt: string, extraArgs: string[] = []): Promise<CodexRun> {
      const work = join(root, `work-${++runs}`);
      mkdirSync(work);
      const place = { cwd: work, root, codexHome: home, tmp, prompt, extraArgs };
      const run = await runCodexExec(binary, place);
      return { ...run, work };
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Where a Codex CLI process runs: its working directory, HOME (`root`), CODEX_HOME and TMPDIR. */
export interface CodexPlace {
  cwd: string;
  root: string;
  codexHome: string;
  tmp: string;
  /** More environment (e.g. CODEX_CA_CERTIFICATE), over the place's own. */
  env?: Record<string, string>;
  /** Wraps the command line, e.g. into a network namespace of its own (loopback-only.ts). */
  wrap?: (argv: string[]) => string[];
}

/** A running Codex CLI process: its output so far, its end, and a way to stop it. */
export interface CodexProcess {
  output(): { stdout: string; stderr: string };
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** End its process group (by its id) now. */
  stop(): void;
}

/**
 * `codex ARGS` at `place`, nothing of the machine's environment but PATH; the process group it
 * leaves is ended by its id when it exits (or on `stop()`).
 */
export function startCodex(binary: string, args: string[], place: CodexPlace): CodexProcess {
  const argv = place.wrap ? place.wrap([binary, ...args]) : [binary, ...args];
  const child = spawn(argv[0] ?? binary, argv.slice(1), {
    cwd: place.cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: place.root,
      CODEX_HOME: place.codexHome,
      TMPDIR: place.tmp,
      MINI_DEMO_KEY: "not-a-real-key",
      ...testRunEnv(),
      ...place.env,
    },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const done = new Promise<number | null>((resolve) => child.once("exit", resolve)).then((code) => {
    endGroup(child.pid);
    return { code, stdout, stderr };
  });
  return { output: () => ({ stdout, stderr }), done, stop: () => endGroup(child.pid) };
}

/** `codex exec --json` in `cwd` (see startCodex). */
export async function runCodexExec(
  binary: string,
  place: CodexPlace & { prompt: string; extraArgs?: string[] },
): Promise<Omit<CodexRun, "work">> {
  const args = ["exec", "--json", "-s", "danger-full-access", "--skip-git-repo-check"];
  const run = await startCodex(
    binary,
    [...args, ...(place.extraArgs ?? []), "-C", place.cwd, place.prompt],
    place,
  ).done;
  const events = run.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown> & { type: string });
  return { ...run, events };
}

/** The Codex CLI may leave a helper behind in its process group: end that group, by its id. */
function endGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // nothing was left behind
  }
}
