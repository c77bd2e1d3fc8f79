import { commandLaunch, type SandboxSettings } from "../../sandbox/command-launch.js";
import type { SandboxMode } from "../../sandbox/modes.js";
import { probeSandbox } from "../../sandbox/sandbox-engine.js";
import type { SandboxStatus } from "../../sandbox/sandbox-status.js";
import { runShellCommand } from "../shell-process.js";
import type { HookHandler } from "./hook-config.js";

/** Where and how hooks run: as confined as the model's commands, without the API keys. */
export interface HookRunContext {
  cwd: string;
  workspaceRoots: string[];
  sandbox: SandboxMode;
  settings: SandboxSettings;
  /** The environment the model's commands get (the API keys and the provider's key removed). */
  env: Record<string, string>;
  /** Whether and how commands can be confined (default: the session's probe). */
  sandboxProbe?: () => Promise<SandboxStatus>;
  signal: AbortSignal;
}

/** The hooks a session runs (trusted ones only) and how they are confined. */
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
  /** Why it gave no exit code: a timeout, a refusal to start, an interrupt. */
  failure?: string;
}

/** How much of a hook's stdout and stderr is read (its answer is small). */
const KEPT_CHARS = 64_000;

/** Run one hook command with its JSON payload on stdin, in the session's sandbox, with its timeout. */
export async function runHook(
  handler: HookHandler,
  payload: object,
  ctx: HookRunContext,
): Promise<HookRun> {
  const sandbox = await (ctx.sandboxProbe ?? probeSandbox)();
  const launch = commandLaunch({
    mode: ctx.sandbox,
    command: handler.command,
    cwd: ctx.cwd,
    workspaceRoots: ctx.workspaceRoots,
    settings: ctx.settings,
    sandbox,
  });
  if ("refused" in launch)
    return { exitCode: null, stdout: "", stderr: "", failure: launch.refused };
  const out = { stdout: "", stderr: "" };
  const outcome = await runShellCommand(handler.command, {
    cwd: ctx.cwd,
    timeoutMs: handler.timeoutSec * 1000,
    signal: ctx.signal,
    program: launch,
    baseEnv: ctx.env,
    ...(launch.env ? { env: launch.env } : {}),
    input: `${JSON.stringify(payload)}\n`,
    retainedChars: KEPT_CHARS,
    onChunk: (stream, chunk) => {
      if (out[stream].length < KEPT_CHARS) out[stream] += chunk;
    },
  });
  const failure = outcome.timedOut
    ? `timed out after ${handler.timeoutSec} s and was stopped`
    : outcome.aborted
      ? "stopped: the turn was interrupted"
      : undefined;
  return { exitCode: outcome.exitCode, ...out, ...(failure ? { failure } : {}) };
}
