import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { constants } from "node:os";
import { StringDecoder } from "node:string_decoder";
import { TERMINAL_COLS, TERMINAL_ROWS } from "./terminal-screen.js";

/** A started process: its output, its end, and (with a terminal) its keyboard. */
export interface StartedProcess {
  pid: number | undefined;
  /** False for pipes: stdin is closed. */
  tty: boolean;
  write(data: string): void;
  onData(listener: (data: string) => void): void;
  /** The exit code, or 128+n when a signal ended it. */
  onExit(listener: (code: number) => void): void;
}

export interface SpawnInput {
  program: { file: string; args: string[] };
  cwd: string;
  env: Record<string, string>;
  tty: boolean;
}

/** Start the program in its own pseudo-terminal (its own session and group), or on pipes. */
export async function startProcess(input: SpawnInput): Promise<StartedProcess> {
  return input.tty ? startInPty(input) : startOnPipes(input);
}

function startInPty(input: SpawnInput): StartedProcess {
  // a prebuilt native addon, outside the bundle: required at the first pty, not at start-up
  // (`require`, since the code-cached CommonJS bundle has no loader for an external import())
  const pty = createRequire(import.meta.url)(
    "@lydell/node-pty",
  ) as typeof import("@lydell/node-pty");
  const child = pty.spawn(input.program.file, input.program.args, {
    name: "xterm-256color",
    cols: TERMINAL_COLS,
    rows: TERMINAL_ROWS,
    cwd: input.cwd,
    env: { ...input.env, TERM: "xterm-256color" },
  });
  return {
    pid: child.pid,
    tty: true,
    write: (data) => child.write(data),
    onData: (listener) => {
      child.onData(listener);
    },
    onExit: (listener) => {
      child.onExit(({ exitCode, signal }) => listener(signal ? 128 + signal : exitCode));
    },
  };
}

function startOnPipes(input: SpawnInput): StartedProcess {
  const child = spawn(input.program.file, input.program.args, {
    cwd: input.cwd,
    env: input.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const listeners: Array<(data: string) => void> = [];
  for (const stream of [child.stdout, child.stderr]) {
    const decoder = new StringDecoder("utf8");
    stream.on("data", (chunk: Buffer) => {
      const text = decoder.write(chunk);
      if (text !== "") for (const listener of listeners) listener(text);
    });
  }
  let failed: string | undefined;
  child.on("error", (error) => {
    failed = error.message;
  });
  return {
    pid: child.pid,
    tty: false,
    write: () => {},
    onData: (listener) => listeners.push(listener),
    onExit: (listener) => {
      child.on("close", (code, signal) => {
        if (failed) for (const each of listeners) each(`failed to start: ${failed}\n`);
        listener(code ?? 128 + (signal ? constants.signals[signal] : 0));
      });
    },
  };
}
