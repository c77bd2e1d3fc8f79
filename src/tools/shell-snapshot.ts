import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ShellEnvironmentPolicy } from "../sandbox/index.js";
import { captureScript, parseCapture, snapshotText } from "../sandbox/index.js";

/** How long the login shell may take to print its environment (the Codex CLI's is 10 s too). */
const SNAPSHOT_TIMEOUT_MS = 10_000;
const MAX_CAPTURE_BYTES = 16 * 2 ** 20;

interface SnapshotOptions {
  /** The commands' environment (policy applied, PAGER set): the login shell starts with it. */
  env: Record<string, string>;
  policy: ShellEnvironmentPolicy | undefined;
  removeEnv: string[];
  /** Names mini-codex sets for every command; a profile's value for them is not kept. */
  keep: string[];
  timeoutMs?: number;
}

/**
 * How to start the capture: `bash -lc script` wrapped by the sandbox of the session's mode, so
 * the profile never runs with more access than it had under `bash -lc` (or why it may not run).
 */
type CaptureLaunch = (
  script: string,
  /** A snapshot to source (`bash -c script`, the file bound read-only): its check. */
  snapshot?: string,
) => { file: string; args: string[]; env?: Record<string, string> } | { refused: string };

type SnapshotState = { path: string } | { failed: string } | { skipped: true };

/** Snapshot folders to remove when mini-codex exits, and captures to kill. */
const leftovers = { dirs: new Set<string>(), groups: new Set<number>(), hooked: false };

function cleanUpAtExit(): void {
  if (leftovers.hooked) return;
  leftovers.hooked = true;
  process.once("exit", () => {
    for (const group of leftovers.groups) killGroup(group);
    for (const dir of leftovers.dirs) rmSync(dir, { recursive: true, force: true });
  });
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Run the login shell with the capture script; its stdout, or why it failed. */
function capture(
  program: { file: string; args: string[]; env?: Record<string, string> },
  options: SnapshotOptions,
  cwd: string,
): Promise<{ stdout: string } | { failed: string }> {
  const timeoutMs = options.timeoutMs ?? SNAPSHOT_TIMEOUT_MS;
  return new Promise((settle) => {
    let settled = false;
    const resolve = (result: { stdout: string } | { failed: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle(result);
    };
    const child = spawn(program.file, program.args, {
      cwd,
      env: { ...options.env, ...program.env },
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
    });
    if (child.pid !== undefined) leftovers.groups.add(child.pid);
    cleanUpAtExit();
    const chunks: Buffer[] = [];
    let bytes = 0;
    let failure: string | undefined;
    const stop = (why: string) => {
      failure ??= why;
      if (child.pid !== undefined) killGroup(child.pid);
    };
    const timer = setTimeout(() => stop(`the login shell took over ${timeoutMs} ms`), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_CAPTURE_BYTES) stop("the login shell printed too much");
      else chunks.push(chunk);
    });
    child.on("error", (error) => {
      stop(`cannot start the login shell (${error.message})`);
      resolve({ failed: failure ?? error.message });
    });
    child.on("close", (code, signal) => {
      if (child.pid !== undefined) leftovers.groups.delete(child.pid);
      if (failure) return resolve({ failed: failure });
      if (code !== 0) return resolve({ failed: `the login shell exited ${code ?? signal}` });
      resolve({ stdout: Buffer.concat(chunks).toString("utf8") });
    });
  });
}

/**
 * Sourcing the snapshot must be silent and succeed, or every command would print its errors.
 * Checked in the sandbox, as a command sources it: its text is what a confined shell printed.
 */
function sourcesCleanly(
  path: string,
  env: Record<string, string>,
  cwd: string,
  launch: CaptureLaunch,
): Promise<boolean> {
  const program = launch(":", path);
  if ("refused" in program) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn(program.file, program.args, {
      cwd,
      env: { ...env, ...program.env, BASH_ENV: path },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = 0;
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.length;
    });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0 && stderr === 0));
  });
}

/** Capture the login environment once and write the snapshot file (0600, in a 0700 folder). */
async function takeSnapshot(
  options: SnapshotOptions,
  cwd: string,
  launch: CaptureLaunch,
): Promise<SnapshotState> {
  try {
    return await snapshotOnce(options, cwd, launch);
  } catch (error) {
    return { failed: `cannot write the snapshot (${(error as Error).message})` };
  }
}

async function snapshotOnce(
  options: SnapshotOptions,
  cwd: string,
  launch: CaptureLaunch,
): Promise<SnapshotState> {
  const marker = `mini-codex-snapshot-${randomBytes(8).toString("hex")}`;
  const program = launch(captureScript(marker));
  // the sandbox refuses commands altogether (no bwrap): they say so themselves
  if ("refused" in program) return { skipped: true };
  const ran = await capture(program, options, cwd);
  if ("failed" in ran) return ran;
  const captured = parseCapture(ran.stdout, marker);
  if (!captured) return { failed: "the login shell did not print its environment" };
  // what the sandbox sets on every command (Seatbelt's TMPDIR) stays the command's own
  const keep = [...options.keep, ...Object.keys(program.env ?? {})];
  const text = snapshotText({ captured, startEnv: options.env, ...options, keep });
  const dir = mkdtempSync(join(tmpdir(), "mini-codex-shell-"));
  leftovers.dirs.add(dir);
  const path = join(dir, "snapshot.sh");
  writeFileSync(path, text, { mode: 0o600 });
  if (!(await sourcesCleanly(path, options.env, cwd, launch))) {
    rmSync(dir, { recursive: true, force: true });
    leftovers.dirs.delete(dir);
    return { failed: "sourcing the snapshot printed errors" };
  }
  return { path };
}

/** The session's snapshot: taken at the first command, shared by every later one. */
export class LoginSnapshot {
  private state?: Promise<SnapshotState>;
  private warned = false;

  constructor(private readonly options: SnapshotOptions) {}

  /**
   * The snapshot file, or undefined (run `bash -lc`); `warn` hears once why there is none.
   * An abort stops the wait, not the capture (the next command uses it).
   */
  async path(
    cwd: string,
    signal: AbortSignal,
    launch: CaptureLaunch,
    warn?: (message: string) => void,
  ): Promise<string | undefined> {
    this.state ??= takeSnapshot(this.options, cwd, launch);
    let onAbort = () => {};
    const aborted = new Promise<undefined>((resolve) => {
      onAbort = () => resolve(undefined);
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
    });
    const state = await Promise.race([this.state, aborted]);
    signal.removeEventListener("abort", onAbort);
    if (!state || "skipped" in state) return undefined;
    if ("path" in state) return state.path;
    if (!this.warned && warn) {
      this.warned = true;
      warn(
        `shell snapshot: ${state.failed}; commands run with \`bash -lc\` (the login profile runs each time)`,
      );
    }
    return undefined;
  }
}
