import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { parseSessionFile } from "../../src/session/store/session-file-read.js";
import { startCheckedDemoServer } from "../demo/client-check.js";

export const BIN = fileURLToPath(new URL("../../bin/mini-codex.js", import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Written to stdin, then stdin is closed; `undefined` closes it empty. */
  input?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** A command the CLI runs under (e.g. `bwrap … --`): its words, then node and the CLI. */
  wrapper?: string[];
}

/**
 * What the developer's shell must not bring to the binary: real keys and base URLs, their home,
 * and the CA files that would make every launch start twice (bin/certificate-authority.js; the
 * tests that are about them set them).
 */
export const SHELL_ONLY = [
  "OPENAI_API_KEY",
  "CODEX_API_KEY",
  "OPENAI_BASE_URL",
  "MINI_CODEX_HOME",
  "CODEX_CA_CERTIFICATE",
  "SSL_CERT_FILE",
];

/** Environment for the binary: nothing of SHELL_ONLY leaks in from the developer's shell. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SHELL_ONLY) delete env[key];
  return { ...env, ...extra };
}

export function spawnCli(args: string[], options: CliOptions = {}) {
  const [command = process.execPath, ...before] = options.wrapper ?? [];
  const argv = options.wrapper ? [...before, process.execPath, BIN, ...args] : [BIN, ...args];
  const child = spawn(command, argv, {
    env: options.env ?? cleanEnv(),
    cwd: options.cwd ?? process.cwd(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end(options.input ?? "");
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const done = new Promise<CliRun>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done, output: () => ({ stdout, stderr }) };
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return spawnCli(args, options).done;
}

export interface TempWorld {
  root: string;
  home: string;
  repo: string;
  /** cleanEnv with MINI_CODEX_HOME and HOME inside the temp world. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  cleanup(): void;
}

/** A temp MINI_CODEX_HOME and a temp git repository to work in. */
export function tempWorld(): TempWorld {
  const root = mkdtempSync(join(tmpdir(), "mini-codex-e2e-"));
  const home = join(root, "home");
  const repo = join(root, "repo");
  execFileSync("git", ["init", "-q", repo]);
  return {
    root,
    home,
    repo,
    env: (extra = {}) => cleanEnv({ MINI_CODEX_HOME: home, HOME: root, ...extra }),
    cleanup: () => rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }),
  };
}

/**
 * Poll until `predicate` holds (no fixed sleeps). The default guards one step that may hold a
 * CLI's start: up to 10 s at a load of 13 on two cores.
 */
export async function waitFor(predicate: () => boolean, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting for a condition");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every stdout line as JSON (throws on a line that does not parse). */
export function jsonLines(stdout: string): Array<Record<string, unknown> & { type: string }> {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown> & { type: string });
}

/** The outputs of `type` items (tool outputs) the model read, from the one session saved in `home`. */
export function savedOutputs(home: string, type: string): string[] {
  const sessions = join(home, "sessions");
  const [file] = readdirSync(sessions).filter((name) => !name.endsWith(".ledger.jsonl"));
  const saved = parseSessionFile(readFileSync(join(sessions, file as string), "utf8"));
  return saved.history.filter((item) => item.type === type).map((item) => String(item.output));
}

/** One demo server for the test file and a fresh temp world for each test. */
export interface DemoSuite {
  readonly server: DemoServer;
  readonly world: TempWorld;
  /** Flags pointing the CLI at the demo server, working in the temp repo. */
  against(): string[];
}

export function demoSuite(): DemoSuite {
  let server: DemoServer | undefined;
  let world: TempWorld | undefined;
  beforeAll(async () => {
    server = await startCheckedDemoServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    world = tempWorld();
  });
  afterEach(() => world?.cleanup());
  const suite: DemoSuite = {
    get server() {
      if (!server) throw new Error("the demo server starts in beforeAll");
      return server;
    },
    get world() {
      if (!world) throw new Error("the temp world is made in beforeEach");
      return world;
    },
    against: () => ["-c", `openai_base_url=${suite.server.baseUrl}`, "-C", suite.world.repo],
  };
  return suite;
}

/** A loopback port free right now (for a server a test starts through mini-codex). */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
