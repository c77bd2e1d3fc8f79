import { z } from "zod";
import type { SandboxMode } from "../sandbox/index.js";
import { looksSandboxDenied } from "../sandbox/index.js";
import { defaultSettings, SHELL_COMMAND_TIMEOUT_MS } from "../settings/index.js";
import {
  approvedCommand,
  type CommandLaunchOptions,
  type CommandPlan,
  commandNeeds,
  commandPlan,
  createCommandLauncher,
} from "./command-launcher.js";
import { defineFunctionTool } from "./registry.js";
import { formatShellOutput, reportedExitCode } from "./shell-output.js";
import { runShellCommand } from "./shell-process.js";
import type { ToolContext, ToolDefinition, ToolRun } from "./types.js";

const DEFAULT_OUTPUT_CAP_BYTES = 10_000;

export interface ShellToolOptions extends CommandLaunchOptions {
  outputCapBytes?: number;
}

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

export function shellCommandTool(options: ShellToolOptions = {}): ToolDefinition {
  const { shell } = options.config ?? defaultSettings();
  const maxTimeout = shell.maxTimeoutMs;
  const defaultTimeout = Math.min(shell.timeoutMs ?? SHELL_COMMAND_TIMEOUT_MS, maxTimeout);
  const cap = options.outputCapBytes ?? DEFAULT_OUTPUT_CAP_BYTES;
  const prepare = createCommandLauncher(options);

  /** One run in one mode; events for the UI, the formatted text for the model. */
  async function runIn(
    mode: SandboxMode,
    plan: CommandPlan,
    timeoutMs: number,
    ctx: ToolContext,
  ): Promise<ToolRun> {
    const launch = await prepare(mode, plan, ctx);
    if ("refused" in launch) return { output: launch.refused };
    const { callId } = ctx;
    const { command, shownDir: workdir } = plan;
    ctx.emit({ type: "command_started", callId, command, workdir });
    const outcome = await runShellCommand(command, {
      cwd: plan.workdir,
      timeoutMs,
      signal: ctx.signal,
      program: launch.program,
      baseEnv: launch.env,
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
    const sandboxDenied =
      launch.confined && looksSandboxDenied(exitCode, outcome.output, launch.networkBlocked);
    return { output: formatShellOutput(outcome, cap, timeoutMs), sandboxDenied };
  }

  return defineFunctionTool({
    name: "shell_command",
    description: `Run a shell command with bash and return its exit code and output. Default timeout ${defaultTimeout} ms, at most ${maxTimeout} ms.`,
    schema: ShellArgsSchema,
    async plan(args, ctx) {
      const command = await commandPlan(args.command, args.workdir, ctx);
      const timeoutMs = Math.ceil(Math.min(args.timeout_ms ?? defaultTimeout, maxTimeout));
      return { needs: commandNeeds(command), args: { command, timeoutMs } };
    },
    run: ({ args, verdict }, ctx) =>
      runIn(verdict.mode, approvedCommand(args.command, verdict), args.timeoutMs, ctx),
  });
}
