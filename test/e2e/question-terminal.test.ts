import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pty from "@lydell/node-pty";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "./helpers.js";
import { buildIfStale } from "./tmux.js";

// The start-up questions hand the terminal back whole (issue 37 item 1), seen from a real
// pseudo-terminal: two questions asked through the CLI's askChoice (the built dist/), then the
// terminal's state is what it was before them, and the next reader of stdin gets what is typed.

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

/** Asks two questions, prints the terminal's state before and after, then reads one chunk. */
const SCRIPT = `
const { askChoice } = await import(${JSON.stringify(pathToFileURL(join(DIST, "cli/terminal-choice.js")).href)});
const { holdStartupKeys } = await import(${JSON.stringify(pathToFileURL(join(DIST, "ui/startup-keys.js")).href)});
const release = process.argv[2] === "held" ? holdStartupKeys() : () => {};
const stdin = process.stdin;
const state = () => ({
  raw: stdin.isRaw,
  paused: stdin.isPaused(),
  readers: stdin.listenerCount("readable") + stdin.listenerCount("data") + stdin.listenerCount("keypress"),
});
const before = state();
const first = await askChoice(["First question"], ["alpha", "beta"]);
const second = await askChoice(["Second question"], ["gamma", "delta"]);
const env = { ci: process.env.CI ?? null, nodeEnv: process.env.NODE_ENV ?? null };
process.stdout.write("STATE " + JSON.stringify({ first, second, before, after: state(), env }) + "\\n");
stdin.once("data", (chunk) => {
  process.stdout.write("READ " + JSON.stringify(String(chunk)) + "\\n");
  release();
  process.exit(0);
});
`;

const count = (text: string, sequence: string) => text.split(sequence).length - 1;

/**
 * A shell that sets CI and no NODE_ENV (a CI job's, or a person's that exports it): Ink's CI mode
 * would draw no frame, and the questions must leave both as they were for what runs next.
 */
function shellWithCi(env: NodeJS.ProcessEnv): Record<string, string> {
  const { NODE_ENV: _vitests, ...rest } = env;
  const defined = Object.entries(rest).filter((e): e is [string, string] => e[1] !== undefined);
  return { ...Object.fromEntries(defined), CI: "true" };
}

describe("the start-up questions in a pseudo-terminal", () => {
  let dir = "";
  beforeAll(() => {
    buildIfStale();
    dir = mkdtempSync(join(tmpdir(), "mini-codex-question-"));
    writeFileSync(join(dir, "questions.mjs"), SCRIPT);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the script in a 100×30 pty; `held`: with the start-up's raw mode on, as the TUI's launch. */
  async function run(held: boolean) {
    // a terminal that speaks the kitty keyboard protocol: a question must leave none of it on
    const child = pty.spawn(
      process.execPath,
      [join(dir, "questions.mjs"), held ? "held" : "plain"],
      {
        cols: 100,
        rows: 30,
        cwd: dir,
        env: { ...shellWithCi(process.env), TERM: "xterm-kitty" },
      },
    );
    let output = "";
    let exited = false;
    child.onData((data) => {
      output += data;
    });
    child.onExit(() => {
      exited = true;
    });
    try {
      const at = (text: string) => waitFor(() => output.includes(text));
      await at("Enter or 1–2 pick");
      child.write("2\r"); // the first by its number, Enter typed ahead in the same read
      await at("Second question");
      child.write("\u001b[B"); // the second by Down, then Enter
      await waitFor(() => /› 2\. delta/.test(output));
      child.write("\r");
      await at("STATE ");
      const shown = output.length;
      child.write("zz\r"); // what the TUI's first reader would be typed
      await at("READ ");
      await waitFor(() => exited);
      const line = (mark: string) =>
        JSON.parse(output.split(mark)[1]?.split("\r\n")[0] ?? "null") as unknown;
      return {
        state: line("STATE ") as Record<string, unknown>,
        read: line("READ "),
        output,
        after: output.slice(shown),
      };
    } finally {
      if (!exited) child.kill();
    }
  }

  it.each([true, false])(
    "raw mode as before (held %s), no reader left and the next one gets the keys, the cursor shown, no paste or keyboard mode left on",
    async (held) => {
      const { state, read, output, after } = await run(held);
      expect(state.first).toBe(1);
      expect(state.second).toBe(1);
      expect(state.after).toEqual(state.before);
      expect(state.after).toEqual({ raw: held, paused: false, readers: 0 });
      // drawn although CI is set (the questions were answered on screen), and the environment
      // handed on is the shell's: CI still set, no NODE_ENV added
      expect(state.env).toEqual({ ci: "true", nodeEnv: null });
      // raw mode kept: the keys arrive at once and unechoed; else the terminal's line discipline
      // echoes them and hands the line over at Enter
      if (held) {
        expect(read).toBe("zz\r");
        expect(after.split("READ ")[0]).not.toContain("zz");
      } else {
        expect(read).toBe("zz\n");
      }
      // the questions hid the cursor while they drew (at every frame) and showed it again
      expect(output.lastIndexOf("\u001b[?25h")).toBeGreaterThan(output.lastIndexOf("\u001b[?25l"));
      expect(output).not.toContain("\u001b[?2004h"); // bracketed paste
      expect(count(output, "\u001b[>")).toBe(count(output, "\u001b[<u")); // kitty keyboard
    },
    60_000,
  );
});
