import { stat } from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import { execa } from "execa";
import { z } from "zod";
import { suggestedPrefix } from "../sandbox/command-words.js";
import { deniedOutput, ToolError } from "./errors.js";
import { BoundedOutput } from "./output-buffer.js";
import { defineFunctionTool } from "./registry.js";
import { formatShellOutput, reportedExitCode, type ShellOutcome } from "./shell-output.js";
import type { ToolDefinition } from "./types.js";
import { displayPath, resolveWorkdir } from "./workspace.js";

export const DEFAULT_SHELL_TIMEOUT_MS = 10_000;
export const DEFAULT_SHELL_MAX_TIMEOUT_MS = 600_000;
export const DEFAULT_OUTPUT_CAP_BYTES = 10_000;

export interface ShellRunOptions {
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Extra environment variables (on top of the inherited environment). */
  env?: Record<string, string>;
  /** Memory bound for the kept output (characters). */
  retainedChars?: number;
  onChunk(stream: "stdout" | "stderr", chunk: string): void;
}

/** Grace between SIGTERM (lets shells run their EXIT traps, e.g. release lock files) and SIGKILL. */
export const KILL_GRACE_MS = 1000;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Kill the whole process group (the command and everything it started): TERM, then KILL. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  signalGroup(pid, "SIGTERM");
  setTimeout(() => signalGroup(pid, "SIGKILL"), KILL_GRACE_MS).unref();
}

/** Process groups still running, killed if mini-codex itself exits (detached groups outlive it). */
const runningGroups = new Set<number>();
let exitHookInstalled = false;

function trackGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  runningGroups.add(pid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const group of runningGroups) signalGroup(group, "SIGKILL");
  });
}

/** Run `bash -lc command` in its own process group; streams output, kills the group on timeout/abort. */
export async function runShellCommand(
  command: string,
  options: ShellRunOptions,
): Promise<ShellOutcome> {
  const started = performance.now();
  const child = execa("bash", ["-lc", command], {
    cwd: options.cwd,
    detached: true,
    reject: false,
    buffer: false,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: { PAGER: "cat", GIT_PAGER: "cat", ...options.env },
  });
  trackGroup(child.pid);
  const output = new BoundedOutput(options.retainedChars);
  for (const stream of ["stdout", "stderr"] as const) {
    const decoder = new StringDecoder("utf8");
    const readable = child[stream];
    readable?.on("data", (data: Buffer) => {
      const text = decoder.write(data);
      if (text === "") return;
      output.append(text);
      options.onChunk(stream, text);
    });
    readable?.on("end", () => {
      const rest = decoder.end();
      if (rest === "") return;
      output.append(rest);
      options.onChunk(stream, rest);
    });
  }
  let timedOut = false;
  let aborted = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, options.timeoutMs);
  const onAbort = () => {
    aborted = true;
    killGroup(child.pid);
  };
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener("abort", onAbort, { once: true });
  try {
    const result = await child;
    // the command never started (e.g. bash missing): say why instead of an empty output
    if (result.exitCode === undefined && result.signal === undefined && !timedOut && !aborted) {
      output.append(
        `failed to start the command: ${result.originalMessage ?? result.shortMessage}\n`,
      );
    }
    return {
      exitCode: timedOut || aborted ? null : (result.exitCode ?? null),
      signal: result.signal,
      timedOut,
      aborted,
      durationMs: performance.now() - started,
      output: output.text(),
      modelOutput: output.text(false),
      dropped: { lines: output.droppedLines, bytes: output.droppedChars },
    };
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", onAbort);
    if (child.pid !== undefined) runningGroups.delete(child.pid);
  }
}

export interface ShellToolOptions {
  defaultTimeoutMs?: number;
  maxTimeoutMs?: number;
  outputCapBytes?: number;
  /** Extra environment variables for every command. */
  env?: Record<string, string>;
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
  const maxTimeout = options.maxTimeoutMs ?? DEFAULT_SHELL_MAX_TIMEOUT_MS;
  const defaultTimeout = Math.min(options.defaultTimeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS, maxTimeout);
  const cap = options.outputCapBytes ?? DEFAULT_OUTPUT_CAP_BYTES;
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
      if (ctx.approve) {
        const request = {
          kind: "command" as const,
          callId: ctx.callId,
          command: args.command,
          workdir: shownDir,
          suggestedPrefix: suggestedPrefix(args.command),
        };
        const decision = await ctx.approve(request);
        if (decision.kind === "deny") return deniedOutput(decision.feedback);
      }
      const { callId } = ctx;
      ctx.emit({ type: "command_started", callId, command: args.command, workdir: shownDir });
      const outcome = await runShellCommand(args.command, {
        cwd: workdir,
        timeoutMs,
        signal: ctx.signal,
        ...(options.env ? { env: options.env } : {}),
        onChunk: (stream, chunk) => ctx.emit({ type: "command_output", callId, stream, chunk }),
      });
      ctx.emit({
        type: "command_finished",
        callId,
        command: args.command,
        // killed by a signal: 128+n, as a shell's $? and the model's output say
        exitCode: outcome.timedOut || outcome.aborted ? null : reportedExitCode(outcome),
        timedOut: outcome.timedOut,
        aborted: outcome.aborted,
        aggregatedOutput: outcome.output,
        durationMs: outcome.durationMs,
      });
      return formatShellOutput(outcome, cap, timeoutMs);
    },
  });
}
