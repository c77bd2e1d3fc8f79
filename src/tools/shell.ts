import { stat } from "node:fs/promises";
import { z } from "zod";
import { type BwrapStatus, probeBwrap } from "../sandbox/bwrap-probe.js";
import { commandLaunch, type SandboxSettings } from "../sandbox/command-launch.js";
import { suggestedPrefix } from "../sandbox/command-words.js";
import { looksSandboxDenied } from "../sandbox/denial.js";
import { commandEnvironment, type ShellEnvironmentPolicy } from "../sandbox/env-policy.js";
import { linkedFileBinds } from "../sandbox/linked-files.js";
import type { SandboxMode } from "../sandbox/modes.js";
import { deniedOutput, ToolError } from "./errors.js";
import { defineFunctionTool } from "./registry.js";
import { formatShellOutput, reportedExitCode } from "./shell-output.js";
import { runShellCommand } from "./shell-process.js";
import { LoginSnapshot } from "./shell-snapshot.js";
import type { ApprovalRequest, ToolContext, ToolDefinition } from "./types.js";
import { displayPath, resolveWorkdir } from "./workspace.js";

export { KILL_GRACE_MS, runShellCommand, type ShellRunOptions } from "./shell-process.js";

export const DEFAULT_SHELL_TIMEOUT_MS = 10_000;
export const DEFAULT_SHELL_MAX_TIMEOUT_MS = 600_000;
export const DEFAULT_OUTPUT_CAP_BYTES = 10_000;

export interface ShellToolOptions {
  defaultTimeoutMs?: number;
  maxTimeoutMs?: number;
  outputCapBytes?: number;
  /** Extra environment variables for every command (after the policy). */
  env?: Record<string, string>;
  /** `[shell_environment_policy]`; the API keys are removed whatever it says. */
  envPolicy?: ShellEnvironmentPolicy;
  /** Variables always removed besides OPENAI_API_KEY and CODEX_API_KEY (the provider's env_key). */
  removeEnv?: string[];
  /** Network access, and the folders masked from commands. */
  sandbox?: Partial<SandboxSettings>;
  /** Whether bwrap can confine commands (default: probed once on PATH). */
  bwrap?: () => BwrapStatus | Promise<BwrapStatus>;
  /**
   * `[features] shell_snapshot` (default on): capture the login environment once and run
   * `bash -c` with it instead of `bash -lc` (docs/config.md); `timeoutMs` bounds the capture.
   */
  shellSnapshot?: boolean | { timeoutMs: number };
}

/** Variables mini-codex sets on every command: a profile's value for them is not kept. */
const COMMAND_SET = { PAGER: "cat", GIT_PAGER: "cat" };

const ShellArgsSchema = z.object({
  command: z.string().min(1).describe("The shell script to run with `bash -lc`."),
  workdir: z
    .string()
    .optional()
    .describe(
      "Directory to run in, relative to the working directory (default: the working directory).",
    ),
  timeout_ms: z
    .number()
    .positive()
    .optional()
    .describe("Kill the command after this many milliseconds."),
});

interface RunPlan {
  command: string;
  workdir: string;
  shownDir: string;
  timeoutMs: number;
  /** Run unasked as read-only: the read-only sandbox, and git's config-named programs off. */
  confine?: "read-only";
}

/** Git config through the environment (the shown command is unchanged): no fsmonitor, no gpg. */
const UNASKED_GIT_CONFIG = {
  GIT_CONFIG_COUNT: "2",
  GIT_CONFIG_KEY_0: "core.fsmonitor",
  GIT_CONFIG_VALUE_0: "",
  GIT_CONFIG_KEY_1: "log.showSignature",
  GIT_CONFIG_VALUE_1: "false",
};

export function shellCommandTool(options: ShellToolOptions = {}): ToolDefinition {
  const maxTimeout = options.maxTimeoutMs ?? DEFAULT_SHELL_MAX_TIMEOUT_MS;
  const defaultTimeout = Math.min(options.defaultTimeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS, maxTimeout);
  const cap = options.outputCapBytes ?? DEFAULT_OUTPUT_CAP_BYTES;
  const settings: SandboxSettings = {
    networkAccess: options.sandbox?.networkAccess ?? false,
    home: options.sandbox?.home ?? process.env.HOME,
    miniCodexHome: options.sandbox?.miniCodexHome,
    runtimeDir: options.sandbox?.runtimeDir ?? process.env.XDG_RUNTIME_DIR,
  };
  const baseEnv = commandEnvironment(process.env, options.envPolicy, options.removeEnv);
  const extraEnv = { ...COMMAND_SET, ...options.env };
  const launchOf = (
    { bwrap, linked }: { bwrap: BwrapStatus; linked: readonly string[] },
    mode: SandboxMode,
    command: string,
    cwd: string,
    roots: string[],
    snap = "",
  ) =>
    commandLaunch({
      mode,
      command,
      cwd,
      workspaceRoots: roots,
      settings,
      bwrap,
      linked,
      ...(snap ? { snapshot: snap } : {}),
    });
  const snapshot = loginSnapshot(options, { ...baseEnv, ...extraEnv });

  /** One run in one mode; events for the UI, the formatted text for the model. */
  async function runIn(mode: SandboxMode, plan: RunPlan, ctx: ToolContext) {
    const bwrap = await (options.bwrap ?? probeBwrap)();
    // the workspace's hard links (found once per session), read-only wherever commands write
    const writes = bwrap.ok && [mode, ctx.sandbox].includes("workspace-write");
    const host = { bwrap, linked: writes ? await linkedFileBinds(ctx.workspaceRoots) : [] };
    // the first command captures the login environment (in the session's sandbox mode)
    const snapshotPath = await snapshot?.path(
      ctx.cwd,
      ctx.signal,
      (script, snap) => launchOf(host, ctx.sandbox, script, ctx.cwd, ctx.workspaceRoots, snap),
      ctx.warn,
    );
    const roots = ctx.workspaceRoots;
    const confined = plan.confine ?? mode;
    const launch = launchOf(host, confined, plan.command, plan.workdir, roots, snapshotPath);
    if ("refused" in launch) return { text: launch.refused, denied: false };
    const { callId } = ctx;
    const { command, shownDir: workdir } = plan;
    ctx.emit({ type: "command_started", callId, command, workdir });
    const outcome = await runShellCommand(command, {
      cwd: plan.workdir,
      timeoutMs: plan.timeoutMs,
      signal: ctx.signal,
      program: launch,
      baseEnv,
      env: {
        ...extraEnv,
        ...(plan.confine ? UNASKED_GIT_CONFIG : {}),
        ...(snapshotPath ? { BASH_ENV: snapshotPath } : {}),
      },
      onChunk: (stream, chunk) => ctx.emit({ type: "command_output", callId, stream, chunk }),
    });
    const exitCode = outcome.timedOut || outcome.aborted ? null : reportedExitCode(outcome);
    ctx.emit({
      type: "command_finished",
      callId,
      command,
      // killed by a signal: 128+n, as a shell's $? and the model's output say
      exitCode,
      timedOut: outcome.timedOut,
      aborted: outcome.aborted,
      aggregatedOutput: outcome.output,
      durationMs: outcome.durationMs,
    });
    const denied =
      launch.confined && looksSandboxDenied(exitCode, outcome.output, launch.networkBlocked);
    return { text: formatShellOutput(outcome, cap, plan.timeoutMs), denied };
  }

  return defineFunctionTool({
    name: "shell_command",
    description: `Run a shell command with bash and return its exit code and output. Default timeout ${defaultTimeout} ms, at most ${maxTimeout} ms.`,
    schema: ShellArgsSchema,
    async handler(args, ctx) {
      const workdir = await resolveWorkdir(args.workdir, ctx);
      const shownDir = displayPath(workdir, ctx.cwd);
      const isDir = await stat(workdir).then(
        (info) => info.isDirectory(),
        () => false,
      );
      if (!isDir) throw new ToolError(`workdir ${shownDir} does not exist or is not a directory`);
      const timeoutMs = Math.ceil(Math.min(args.timeout_ms ?? defaultTimeout, maxTimeout));
      const plan: RunPlan = { command: args.command, workdir, shownDir, timeoutMs };
      const request: ApprovalRequest = {
        kind: "command",
        callId: ctx.callId,
        command: args.command,
        workdir: shownDir,
        suggestedPrefix: suggestedPrefix(args.command),
      };
      if (ctx.approve) {
        const decision = await ctx.approve(request);
        if (decision.kind === "deny") return deniedOutput(decision.feedback);
        if (decision.kind === "approve" && decision.command) plan.command = decision.command;
        if (decision.kind === "approve" && decision.confine) plan.confine = decision.confine;
      }
      const first = await runIn(ctx.sandbox, plan, ctx);
      if (!first.denied || !ctx.approve || ctx.signal.aborted) return first.text;
      // The sandbox blocked it: ask to run it again without the sandbox (docs/config.md).
      const again = await ctx.approve({ ...request, reason: "sandbox_denied" });
      const approved = { ...plan, confine: undefined };
      if (again.kind !== "deny") return (await runIn("danger-full-access", approved, ctx)).text;
      return again.feedback ? `${first.text}\n${again.feedback}` : first.text;
    },
  });
}

/** The session's login snapshot, unless `[features] shell_snapshot = false`. */
function loginSnapshot(options: ShellToolOptions, env: Record<string, string>) {
  if (options.shellSnapshot === false) return undefined;
  const timeout = typeof options.shellSnapshot === "object" ? options.shellSnapshot : {};
  return new LoginSnapshot({
    env,
    policy: options.envPolicy,
    removeEnv: options.removeEnv ?? [],
    keep: [
      ...Object.keys(COMMAND_SET),
      ...Object.keys(options.env ?? {}),
      ...Object.keys(options.envPolicy?.set ?? {}),
    ],
    ...timeout,
  });
}
