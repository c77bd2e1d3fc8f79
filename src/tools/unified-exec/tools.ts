import { basename } from "node:path";
import { z } from "zod";
import type { SandboxMode } from "../../sandbox/index.js";
import { looksSandboxDenied } from "../../sandbox/index.js";
import { defaultSettings } from "../../settings/index.js";
import {
  approvedCommand,
  type CommandLaunchOptions,
  type CommandPlan,
  commandNeeds,
  commandPlan,
  createCommandLauncher,
} from "../command-launcher.js";
import { ToolError } from "../errors.js";
import { defineFunctionTool } from "../registry.js";
import { TIMEOUT_EXIT_CODE } from "../shell-output.js";
import type { ToolContext, ToolDefinition, ToolRun } from "../types.js";
import type { ExecProcess } from "./exec-process.js";
import { DEFAULT_MAX_OUTPUT_TOKENS, formatExecOutput } from "./output.js";
import { startProcess } from "./spawn.js";
import { TerminalScreen } from "./terminal-screen.js";
import type { BackgroundTerminals } from "./terminals.js";
import { clampYield, EXEC_YIELD_MS, WRITE_YIELD_MS } from "./yield.js";

/** Shells exec_command may start the command with (its `shell` argument). */
const SHELLS = new Set(["bash", "sh", "zsh", "dash"]);

/** How long a call waits for output, and how much of it comes back (both tools). */
function waitFields(defaultYieldMs: number) {
  return {
    yield_time_ms: z
      .number()
      .optional()
      .describe(`How long to wait for output before returning (default ${defaultYieldMs} ms).`),
    max_output_tokens: z
      .number()
      .optional()
      .describe(`Most output tokens to return (default ${DEFAULT_MAX_OUTPUT_TOKENS}).`),
  };
}

const ExecArgsSchema = z.object({
  cmd: z.string().min(1).describe("Shell command to execute."),
  workdir: z
    .string()
    .optional()
    .describe("Working directory, relative to the session's (default: the session's)."),
  shell: z.string().optional().describe("Shell to run the command with (default bash)."),
  login: z
    .boolean()
    .optional()
    .describe("Run the shell with its login environment (default true)."),
  tty: z
    .boolean()
    .optional()
    .describe(
      "Give the command a pseudo-terminal (default false). Needed to write to it later with write_stdin (REPLs, prompts, servers you stop with Ctrl-C).",
    ),
  ...waitFields(EXEC_YIELD_MS),
});

const WriteArgsSchema = z.object({
  session_id: z.number().int().describe("The session ID exec_command returned."),
  chars: z
    .string()
    .optional()
    .describe('Characters to write (may be empty to just read new output; "\\u0003" is Ctrl-C).'),
  ...waitFields(WRITE_YIELD_MS),
});

function checkedShell(shell: string | undefined): string | undefined {
  if (shell === undefined) return undefined;
  const name = basename(shell);
  const allowed = SHELLS.has(name) && (shell === name || /^\/(usr\/)?bin\/[a-z]+$/.test(shell));
  if (!allowed)
    throw new ToolError(`shell ${shell} is not offered: use one of ${[...SHELLS].join(", ")}`);
  return shell;
}

/** The exit code the model and the item see: 124 for a process `shell_timeout_ms` ended. */
function exitCodeOf(process: ExecProcess): number | undefined {
  if (process.running) return undefined;
  return process.timedOutAfterMs === undefined ? process.exitCode : TIMEOUT_EXIT_CODE;
}

/** What the model reads about a process `shell_timeout_ms` ended (as shell_command says it). */
function timeoutNotes(process: ExecProcess): string[] {
  const ms = process.timedOutAfterMs;
  if (ms === undefined || process.running) return [];
  return [`command timed out after ${ms} ms and was killed`];
}

/**
 * exec_command and write_stdin over the session's background terminals. With
 * `shell_timeout_ms` set, a process they start ends once it has run that long (at most
 * `shell_max_timeout_ms`); unset, it runs until it ends, is stopped or the session ends.
 */
export function execCommandTools(
  terminals: BackgroundTerminals,
  options: CommandLaunchOptions = {},
): ToolDefinition[] {
  const prepare = createCommandLauncher(options);
  const { shell } = options.config ?? defaultSettings();
  const timeoutMs =
    shell.timeoutMs === undefined ? undefined : Math.min(shell.timeoutMs, shell.maxTimeoutMs);

  /** Start the command in one sandbox mode and wait for its first output. */
  async function startIn(
    mode: SandboxMode,
    plan: CommandPlan,
    args: z.infer<typeof ExecArgsSchema>,
    ctx: ToolContext,
  ): Promise<ToolRun> {
    const launch = await prepare(mode, plan, ctx);
    if ("refused" in launch) return { output: launch.refused };
    const started = performance.now();
    const { callId } = ctx;
    const { command } = plan;
    ctx.emit({ type: "command_started", callId, command, workdir: plan.shownDir });
    const tty = args.tty === true;
    const screen = await TerminalScreen.create(!tty);
    const child = await startProcess({ ...launch, cwd: plan.workdir, tty });
    const process = terminals.add(command, child, screen, launch.program.viaBwrap);
    if (timeoutMs !== undefined) process.stopAfter(timeoutMs);
    process.reportEndWith(() => reportEnd(process, started, ctx));
    const yielded = clampYield(args.yield_time_ms, EXEC_YIELD_MS, false);
    const read = await process.waitAndRead(yielded.ms, ctx.signal);
    if (ctx.signal.aborted) await process.stop();
    if (read.text) ctx.emit({ type: "command_output", callId, stream: "stdout", chunk: read.text });
    if (process.running) {
      ctx.emit({ type: "command_backgrounded", callId, command, sessionId: process.id });
    } else terminals.forget(process.id);
    const exitCode = exitCodeOf(process);
    const sandboxDenied =
      launch.confined && looksSandboxDenied(exitCode ?? null, read.text, launch.networkBlocked);
    const notes = [
      ...(yielded.note ? [yielded.note] : []),
      ...timeoutNotes(process),
      ...(ctx.signal.aborted ? ["command aborted: the turn was interrupted"] : []),
    ];
    return {
      output: formatExecOutput({
        wallMs: performance.now() - started,
        ...(exitCode === undefined ? { sessionId: process.id } : { exitCode }),
        text: read.text,
        scrolledOut: read.scrolledOut,
        maxOutputTokens: args.max_output_tokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
        notes,
      }),
      sandboxDenied,
    };
  }

  const execCommand = defineFunctionTool({
    name: "exec_command",
    description:
      "Runs a command in a pseudo-terminal (with tty) or on pipes, returning its output, or a session ID to poll and write to with write_stdin while it keeps running (servers, REPLs, watchers, long builds).",
    schema: ExecArgsSchema,
    async plan(args, ctx) {
      const command = await commandPlan(args.cmd, args.workdir, ctx);
      const shell = checkedShell(args.shell);
      if (shell) command.shell = shell;
      if (args.login === false) command.login = false;
      if (args.tty) command.terminal = true;
      return { needs: commandNeeds(command), args: { command, call: args } };
    },
    run: ({ args, verdict }, ctx) =>
      startIn(verdict.mode, approvedCommand(args.command, verdict), args.call, ctx),
  });

  const writeStdin = defineFunctionTool({
    name: "write_stdin",
    description:
      "Writes characters to a running exec_command session and returns its new output (empty chars: just wait for and read new output).",
    schema: WriteArgsSchema,
    async handler(args, ctx) {
      const process = terminals.get(args.session_id);
      if (!process) throw new ToolError(`Unknown process id ${args.session_id}`);
      const chars = args.chars ?? "";
      if (chars !== "" && !process.tty) {
        throw new ToolError(
          "stdin is closed for this session; rerun exec_command with tty=true to keep stdin open",
        );
      }
      const started = performance.now();
      if (chars !== "" && process.running) process.write(chars);
      const yielded = clampYield(args.yield_time_ms, WRITE_YIELD_MS, chars === "");
      const read = await process.waitAndRead(yielded.ms, ctx.signal);
      const exitCode = exitCodeOf(process);
      if (exitCode !== undefined) terminals.forget(process.id);
      ctx.emit({
        type: "terminal_interaction",
        callId: ctx.callId,
        sessionId: process.id,
        chars,
        output: read.text,
        ...(exitCode === undefined ? {} : { exitCode }),
      });
      return formatExecOutput({
        wallMs: performance.now() - started,
        ...(exitCode === undefined ? { sessionId: process.id } : { exitCode }),
        text: read.text,
        scrolledOut: read.scrolledOut,
        maxOutputTokens: args.max_output_tokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
        notes: [...(yielded.note ? [yielded.note] : []), ...timeoutNotes(process)],
      });
    },
  });

  return [execCommand, writeStdin];
}

/** The process ended (by itself, /stop, the session's end): the start call's item completes. */
async function reportEnd(process: ExecProcess, started: number, ctx: ToolContext): Promise<void> {
  ctx.emit({
    type: "command_finished",
    callId: ctx.callId,
    command: process.command,
    exitCode: process.timedOutAfterMs === undefined ? (process.exitCode ?? null) : null,
    timedOut: process.timedOutAfterMs !== undefined,
    aborted: process.stopped,
    aggregatedOutput: await process.transcript(),
    durationMs: performance.now() - started,
  });
}
