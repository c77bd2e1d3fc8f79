import { accessSync, constants, statSync } from "node:fs";
import type { SandboxStatus } from "../../sandbox/index.js";
import { commandLaunch, probeSandbox } from "../../sandbox/index.js";
import { runShellCommand } from "../shell-process.js";
import type { HookHandler } from "./hook-config.js";
import type { HookGate } from "./hook-gate.js";
import { hookStartProblem, type StartFacts } from "./hook-start.js";

/**
 * Where and how hooks run: as the person who trusted them, as the Codex CLI runs them
 * (`$SHELL -lc <command>` in cwd, unconfined), with their environment less the API keys.
 */
interface HookRunContext {
  cwd: string;
  /** The person's environment without OPENAI_API_KEY, CODEX_API_KEY and the providers' env_key. */
  env: Record<string, string>;
  /** Whether and how commands can be confined (default: the session's probe). */
  sandboxProbe?: () => Promise<SandboxStatus>;
  /**
   * Trust checked right before the hook runs (hook-gate.ts); absent only when every hook runs
   * unchecked (--dangerously-bypass-hook-trust).
   */
  gate?: HookGate;
  signal: AbortSignal;
}

/** The hooks a session runs (trusted ones only) and how they run. */
export interface HookSetup {
  handlers: HookHandler[];
  run: Omit<HookRunContext, "signal">;
  /** The session file, when there is one (`transcript_path`). */
  transcriptPath?: string;
  /** `permission_mode` as Codex names it for the session's approval policy. */
  permissionMode: string;
}

/** What one hook run gave back. */
export interface HookRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Why it gave no exit code: it could not start, a timeout, an interrupt, a signal. */
  failure?: string;
  /** It did not run: its trust no longer holds (what the person reads, naming what changed). */
  skipped?: string;
  /** What the person reads about its trust, when it ran after being asked. */
  trustNote?: string;
}

/** How much of a hook's stdout and stderr is read (its answer is small). */
const KEPT_CHARS = 64_000;

/** A file as starting a hook meets it: missing, there but not executable, or runnable. */
export function fileStateOnDisk(path: string): ReturnType<StartFacts["fileState"]> {
  try {
    if (!statSync(path).isFile()) return "not_executable";
    accessSync(path, constants.X_OK);
    return "ok";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EACCES" ? "not_executable" : "missing";
  }
}

/** Why the hook gave no exit code, or undefined when it exited. */
function noExit(outcome: Awaited<ReturnType<typeof runShellCommand>>, timeoutSec: number) {
  if (outcome.timedOut) return `timed out after ${timeoutSec} s and was stopped`;
  if (outcome.aborted) return "stopped: the turn was interrupted";
  if (outcome.exitCode !== null) return undefined;
  if (outcome.signal) return `was killed by ${outcome.signal}`;
  return `could not start: ${outcome.output.trim() || "no process"}`;
}

/**
 * Run one hook command with its JSON payload on stdin, with its timeout. Its trust is checked
 * first (`ctx.gate`): a hook whose files changed since they were trusted does not run unless the
 * person trusts it again. It runs unconfined, through the launch a danger-full-access command
 * gets (bwrap only ties its processes to mini-codex's life); a program or script that is not
 * there fails it before it starts.
 */
export async function runHook(
  handler: HookHandler,
  payload: object,
  ctx: HookRunContext,
): Promise<HookRun> {
  const admitted = ctx.gate ? await ctx.gate.admit(handler, ctx.signal) : { run: true as const };
  if (!admitted.run) return { exitCode: null, stdout: "", stderr: "", skipped: admitted.note };
  const note = admitted.note ? { trustNote: admitted.note } : {};
  const facts = {
    cwd: ctx.cwd,
    home: ctx.env.HOME,
    path: ctx.env.PATH,
    fileState: fileStateOnDisk,
  };
  const problem = hookStartProblem(handler.command, facts);
  if (problem)
    return {
      exitCode: null,
      stdout: "",
      stderr: "",
      failure: `could not start: ${problem}`,
      ...note,
    };
  const sandbox = await (ctx.sandboxProbe ?? probeSandbox)();
  const launch = commandLaunch({
    mode: "danger-full-access",
    command: handler.command,
    cwd: ctx.cwd,
    workspaceRoots: [ctx.cwd],
    settings: { networkAccess: true, home: ctx.env.HOME, hiddenHomes: [] },
    sandbox,
    shell: ctx.env.SHELL || "/bin/sh",
  });
  if ("refused" in launch)
    return { exitCode: null, stdout: "", stderr: "", failure: launch.refused, ...note };
  const out = { stdout: "", stderr: "" };
  const outcome = await runShellCommand(handler.command, {
    cwd: ctx.cwd,
    timeoutMs: handler.timeoutSec * 1000,
    signal: ctx.signal,
    program: launch,
    baseEnv: ctx.env,
    input: `${JSON.stringify(payload)}\n`,
    retainedChars: KEPT_CHARS,
    onChunk: (stream, chunk) => {
      if (out[stream].length < KEPT_CHARS) out[stream] += chunk;
    },
  });
  const failure = noExit(outcome, handler.timeoutSec);
  return { exitCode: outcome.exitCode, ...out, ...(failure ? { failure } : {}), ...note };
}
