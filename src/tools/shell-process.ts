import { StringDecoder } from "node:string_decoder";
import { BoundedOutput } from "./output-buffer.js";
import { killTree, track, untrack } from "./process-tree.js";
import type { ShellOutcome } from "./shell-output.js";

interface ShellRunOptions {
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** The program to start (bwrap with its arguments); default `bash -lc command`. */
  program?: { file: string; args: string[]; viaBwrap: boolean };
  /** The whole environment of the command (nothing else is inherited). */
  baseEnv?: Record<string, string>;
  /** Extra environment variables on top of `baseEnv`. */
  env?: Record<string, string>;
  /** Written to the command's stdin, then closed (a hook's JSON payload); absent: no stdin. */
  input?: string;
  /** Memory bound for the kept output (characters). */
  retainedChars?: number;
  onChunk(stream: "stdout" | "stderr", chunk: string): void;
}

/** Run a command in its own process group; streams output, kills its tree on timeout/abort. */
export async function runShellCommand(
  command: string,
  options: ShellRunOptions,
): Promise<ShellOutcome> {
  // loaded at the first command, not at start-up (~200 kB with its dependencies: bench/startup)
  const { execa } = await import("execa");
  const started = performance.now();
  const program = options.program ?? { file: "bash", args: ["-lc", command] };
  const wrapped = options.program?.viaBwrap === true;
  const child = execa(program.file, program.args, {
    cwd: options.cwd,
    detached: true,
    reject: false,
    buffer: false,
    ...(options.input !== undefined ? { input: options.input } : { stdin: "ignore" as const }),
    stdout: "pipe",
    stderr: "pipe",
    extendEnv: options.baseEnv === undefined,
    env: { ...options.baseEnv, PAGER: "cat", GIT_PAGER: "cat", ...options.env },
  });
  track(child.pid);
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
    killTree(child.pid, wrapped);
  }, options.timeoutMs);
  const onAbort = () => {
    aborted = true;
    killTree(child.pid, wrapped);
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
    untrack(child.pid);
  }
}
