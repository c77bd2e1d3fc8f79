import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { BIN, SHELL_ONLY, type TempWorld } from "./helpers.js";

/** The built binary's TUI in a real terminal: one tmux server (own socket) per pane. */
export const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let panes = 0;
/** The panes of this test file not killed yet. */
const live = new Set<Pane>();

// Whoever started a pane and whatever happened to its test, the file's end kills it: its tmux
// server, and the mini-codex in it, never outlive the file (issue 37: `npm test` left both
// running). This module is evaluated once per test file, so the hook belongs to the importing file.
afterAll(() => {
  for (const pane of live) pane.kill();
});

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** `npm run build` unless dist/ is newer than src/ (npm test builds first; a rebuild here
 * would rewrite dist/ under other end-to-end tests running at the same time). */
export function buildIfStale() {
  let built = 0;
  try {
    built = Math.min(
      statSync(join(ROOT, "dist/cli/main.js")).mtimeMs,
      statSync(join(ROOT, "dist/ui/run.js")).mtimeMs,
    );
  } catch {
    built = 0;
  }
  if (built < newestMtime(join(ROOT, "src"))) {
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
  }
}

/** Block until process `pid` no longer exists (or `timeoutMs` passes). */
function waitForExit(pid: number, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    Atomics.wait(pause, 0, 0, 20);
  }
}

/**
 * A pane width that keeps `text` (a path under this run's temp folder, whose length is the
 * machine's: $TMPDIR, the checkout's folder) on one row with `framing` columns of the app's own
 * around it; never under `min`. The app breaks a longer row where the test would look for it.
 */
export function widthFor(text: string, framing: number, min = 100): number {
  return Math.max(min, text.length + framing);
}

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

export interface PaneOptions {
  world: TempWorld;
  baseUrl: string;
  /** Arguments after the binary (flags, a first prompt). */
  args?: string[];
  width?: number;
  height?: number;
  /** More environment for the binary. */
  env?: Record<string, string>;
  /** The script to run instead of bin/mini-codex.js (e.g. the demo launcher). */
  bin?: string;
  /** A command line to run as a person would type it (`sh -c`), instead of the binary. */
  shell?: string;
  /**
   * The world's folders count as trusted (a `-c projects."<root>".trust_level` for the binary),
   * so the TUI does not ask about them; false: no trust given, the TUI asks.
   */
  trusted?: boolean;
  /** The pane's directory (default: the world's repo). */
  cwd?: string;
  /** tmux takes the program's OSC 52 into its paste buffers (`set-clipboard on`). */
  clipboard?: boolean;
}

export interface Pane {
  screen(): string;
  /**
   * The screen with the rows the terminal wrapped joined back into their lines: for text printed
   * plainly (what is left after the TUI quits), whose lines hold paths and ids of any length.
   * (Ink breaks its own lines itself: those stay rows.)
   */
  joinedScreen(): string;
  /** The status bar: the last line naming a request mode (or "no request yet"). */
  statusBar(): string;
  /** The status bar is drawn and no turn runs ("working" is the item it never drops). */
  idle(): boolean;
  alive(): boolean;
  until(predicate: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Type text literally, then Enter. */
  type(text: string): void;
  /** Send tmux key names (Enter, Escape, C-c, NPage, …). */
  keys(...names: string[]): void;
  literal(text: string): void;
  /** Paste text as a terminal does (bracketed paste). */
  paste(text: string): void;
  /** Send raw bytes to the program (what a terminal reports, e.g. focus out: 1b 5b 4f). */
  bytes(...hex: string[]): void;
  /** The newest tmux paste buffer ("" when none): what an OSC 52 put there with `clipboard`. */
  clipboard(): string;
  /** Append everything the program writes to its terminal to `file`. */
  recordTo(file: string): void;
  resize(width: number): void;
  kill(): void;
}

/** Start `mini-codex` against the demo server in a detached tmux pane of its own. */
export function startPane(options: PaneOptions): Pane {
  const socket = `mini-codex-e2e-${process.pid}-${++panes}`;
  const tmux = (...args: string[]) =>
    // A detached tmux needs no terminal of its own, but some tmux builds still want a TERM.
    execFileSync("tmux", ["-L", socket, ...args], {
      encoding: "utf8",
      env: { ...process.env, TERM: process.env.TERM || "xterm-256color" },
    });
  const command = [
    "env",
    // nothing of the developer's shell that SHELL_ONLY names reaches the pane (CI stays as the
    // run has it: the TUI draws whatever CI says, src/ui/ink-modules.ts)
    ...SHELL_ONLY.flatMap((name) => ["-u", name]),
    `MINI_CODEX_HOME=${options.world.home}`,
    `HOME=${options.world.root}`,
    ...Object.entries(options.env ?? {}).map(([k, v]) => `${k}=${v}`),
    ...(options.shell !== undefined
      ? ["sh", "-c", options.shell]
      : [
          process.execPath,
          options.bin ?? BIN,
          "-c",
          `openai_base_url="${options.baseUrl}"`,
          ...(options.trusted === false
            ? []
            : [
                "-c",
                `projects.${JSON.stringify(realpathSync(options.world.root))}.trust_level="trusted"`,
              ]),
          ...(options.args ?? []),
        ]),
  ]
    .map(quote)
    .join(" ");
  const width = String(options.width ?? 100);
  const height = String(options.height ?? 30);
  tmux(
    "new-session",
    "-d",
    "-s",
    "tui",
    "-x",
    width,
    "-y",
    height,
    "-c",
    options.cwd ?? options.world.repo,
    command,
  );
  // Keep the pane after the program exits: what it printed last stays readable.
  tmux("set-option", "-t", "tui", "remain-on-exit", "on");
  if (options.clipboard) tmux("set-option", "-s", "set-clipboard", "on");
  const alive = () => {
    const result = spawnSync(
      "tmux",
      ["-L", socket, "list-panes", "-t", "tui", "-F", "#{pane_dead}"],
      {
        encoding: "utf8",
      },
    );
    return result.status === 0 && result.stdout.trim() === "0";
  };
  const capture = (...flags: string[]) => {
    try {
      return tmux("capture-pane", "-p", ...flags, "-t", "tui");
    } catch {
      return "";
    }
  };
  const screen = () => capture();
  const pane: Pane = {
    screen,
    // -J also keeps each line's trailing spaces: trim them as the plain capture does
    joinedScreen: () => capture("-J").replace(/ +$/gm, ""),
    statusBar: () =>
      screen()
        .split("\n")
        .filter((line) => /ws_|http_full|no request yet/.test(line))
        .at(-1) ?? "",
    idle: () => {
      const bar = pane.statusBar();
      return bar !== "" && !bar.includes("working");
    },
    alive,
    // a step's hang guard: the TUI's start alone took over 10 s at a load of 13 on two cores
    async until(predicate, what, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what}; screen:\n${screen()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    type(text) {
      tmux("send-keys", "-t", "tui", "-l", text);
      tmux("send-keys", "-t", "tui", "Enter");
    },
    keys: (...names) => void tmux("send-keys", "-t", "tui", ...names),
    literal: (text) => void tmux("send-keys", "-t", "tui", "-l", text),
    paste: (text) => {
      tmux("set-buffer", "-b", "paste", "--", text);
      tmux("paste-buffer", "-p", "-d", "-b", "paste", "-t", "tui");
    },
    clipboard: () => {
      const result = spawnSync("tmux", ["-L", socket, "show-buffer"], { encoding: "utf8" });
      return result.status === 0 ? result.stdout : "";
    },
    bytes: (...hex) => void tmux("send-keys", "-t", "tui", "-H", ...hex),
    recordTo: (file) => void tmux("pipe-pane", "-o", "-t", "tui", `cat >> ${quote(file)}`),
    resize: (columns) => void tmux("resize-window", "-t", "tui", "-x", String(columns)),
    kill() {
      live.delete(pane);
      // The program still writes its session file as it ends (SIGHUP): wait for it to be gone,
      // or the temp world is removed under it.
      const pid = Number(
        spawnSync("tmux", ["-L", socket, "list-panes", "-t", "tui", "-F", "#{pane_pid}"], {
          encoding: "utf8",
        }).stdout.trim(),
      );
      spawnSync("tmux", ["-L", socket, "kill-server"]);
      if (pid > 0) waitForExit(pid, 10_000);
    },
  };
  live.add(pane);
  return pane;
}

/** Ctrl+C twice, as a person quits: the hint, then the TUI gone; the pane is killed after. */
export async function quitTui(pane: Pane): Promise<void> {
  pane.keys("C-c");
  await pane.until(() => pane.screen().includes("Ctrl+C again"), "the quit hint");
  pane.keys("C-c");
  await pane.until(() => !pane.alive(), "the TUI to quit");
  pane.kill();
}

/** What a start-up question's list shows while it waits: its keys, with the numbers it takes. */
export const QUESTION_KEYS = "Enter or 1–2 pick";

/**
 * What a person does next after any question: a message typed is answered (the TUI takes keys),
 * then Ctrl+C twice leaves it.
 */
export async function chatThenQuit(pane: Pane, message = "hello after the question") {
  await pane.until(() => pane.idle(), "the TUI, ready for a message");
  pane.type(message);
  await pane.until(
    () => pane.screen().includes(`You said: ${message}`),
    "the answer to a message typed after the question",
  );
  await pane.until(() => pane.idle(), "the turn to end");
  await quitTui(pane);
}
