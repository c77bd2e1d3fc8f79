import { spawn } from "node:child_process";
import { closeSync, constants as fsConstants, openSync } from "node:fs";
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

interface SpawnInput {
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
  holdTerminalUntilReaped(child);
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

/** What node-pty has beyond its typings: the terminal's name and the master's stream. */
type PtyInternals = { ptsName?: string; _socket?: NodeJS.EventEmitter };

/**
 * Keep the terminal's program side open until node-pty has reaped the program. A program that
 * closes its stdio before it exits (coreutils' touch, cat, ls do) otherwise lets node-pty read
 * EIO and close the master while the program still runs: the kernel then hangs the terminal up
 * and SIGHUP kills the program between its last close and its exit (exit 129 instead of its
 * own, seen on a busy machine). Held, the master reads EIO only after the hold is let go: when
 * node-pty, having reaped the program, waits for the master's close (or at its exit event).
 */
function holdTerminalUntilReaped(child: import("@lydell/node-pty").IPty): void {
  const { ptsName, _socket: master } = child as unknown as PtyInternals;
  if (!ptsName) return;
  let held: number | undefined;
  try {
    held = openSync(ptsName, fsConstants.O_RDWR | fsConstants.O_NOCTTY);
  } catch {
    return; // already hung up: nothing left to hold
  }
  const release = () => {
    if (held === undefined) return;
    closeSync(held);
    held = undefined;
  };
  // node-pty listens for the master's close once it has the exit status: the output is then
  // drained up to EIO, so none of it is lost (its 200 ms fallback would cut it short)
  master?.on("newListener", (event: string) => {
    if (event === "close") release();
  });
  child.onExit(release);
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
