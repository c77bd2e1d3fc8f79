import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN } from "./helpers.js";
import { chatThenQuit, hasTmux, type Pane, QUESTION_KEYS, widthFor } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// The trust question of a folder never decided on (issue 26 item 14; issue 37 item 1), in tmux on
// the demo server: a list in the TUI's look, answered by ↑↓ and Enter or by a number key. After
// each answer the TUI must take keys: a message typed is answered and Ctrl+C twice quits (issue
// 37: answering "1" once left a TUI that read no key at all). Each test starts a newcomer: a new
// home, a folder never asked about, nothing given on the command line.

const READY = "Esc interrupts · Ctrl+C twice quits";
const TRUSTED = "approval on-request · sandbox workspace-write";
const RESTRICTED = "approval untrusted · sandbox read-only";

/** How an answer is given: a number key, or the arrows (these keys, then Enter). */
type Answer = { number: "1" | "2" } | { arrows: string[] };

describe.skipIf(!hasTmux)("the folder trust question (tmux, demo server)", () => {
  const tuiWorld = useTuiWorld();
  let made = 0;

  /** A new home and a new folder (a git repository unless `plain`), never asked about. */
  function newcomer(plain: boolean) {
    const root = join(tuiWorld.world.root, `newcomer-${++made}`);
    const home = join(root, "home");
    const folder = join(root, plain ? "plain" : "repo");
    mkdirSync(folder, { recursive: true });
    if (!plain) execFileSync("git", ["init", "-q", folder]);
    return { home, folder: realpathSync(folder) };
  }

  /** The TUI started there; resolves once the question is on screen. */
  async function asked(home: string, folder: string): Promise<Pane> {
    // the question names the folder (this run's temp folder, of any length) on one row
    const width = widthFor(
      `│ You are running mini-codex in ${folder} (not a git repository). │`,
      4,
    );
    const pane = tuiWorld.open([], width, 30, {
      trusted: false,
      cwd: folder,
      env: { MINI_CODEX_HOME: home },
    });
    await pane.until(() => pane.screen().includes(QUESTION_KEYS), "the trust question");
    expect(pane.screen()).toContain("Do you trust the contents of this folder?");
    expect(pane.screen()).toContain("› 1. Yes, trust this folder");
    expect(pane.screen()).toContain("  2. No, run restricted here");
    return pane;
  }

  function answer(pane: Pane, how: Answer): void {
    if ("number" in how) pane.literal(how.number);
    else pane.keys(...how.arrows, "Enter");
  }

  const recorded = (home: string) => {
    const file = join(home, "config.toml");
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  };
  const entry = (folder: string, level: string) =>
    `[projects.${JSON.stringify(folder)}]\ntrust_level = "${level}"`;

  const cases: Array<{
    where: string;
    plain: boolean;
    by: string;
    how: Answer;
    level: "trusted" | "untrusted";
  }> = [
    { where: "a git repository", plain: false, by: "1", how: { number: "1" }, level: "trusted" },
    { where: "a git repository", plain: false, by: "2", how: { number: "2" }, level: "untrusted" },
    {
      where: "a git repository",
      plain: false,
      by: "Down Up Enter",
      how: { arrows: ["Down", "Up"] },
      level: "trusted",
    },
    {
      where: "a git repository",
      plain: false,
      by: "Down Enter",
      how: { arrows: ["Down"] },
      level: "untrusted",
    },
    { where: "a plain folder", plain: true, by: "1", how: { number: "1" }, level: "trusted" },
    { where: "a plain folder", plain: true, by: "2", how: { number: "2" }, level: "untrusted" },
    {
      where: "a plain folder",
      plain: true,
      by: "Down Enter",
      how: { arrows: ["Down"] },
      level: "untrusted",
    },
    {
      where: "a plain folder",
      plain: true,
      by: "Down Down Enter",
      how: { arrows: ["Down", "Down"] },
      level: "trusted",
    },
  ];

  it.each(cases)(
    "$where answered by $by: $level is recorded, then a message is answered and Ctrl+C twice quits",
    async ({ plain, how, level }) => {
      const { home, folder } = newcomer(plain);
      const pane = await asked(home, folder);
      if (plain) expect(pane.screen()).toContain(`${folder} (not a git repository)`);
      else expect(pane.screen()).not.toContain("not a git repository");
      answer(pane, how);
      await pane.until(() => pane.screen().includes(READY), "the TUI");
      expect(pane.screen()).toContain(level === "trusted" ? TRUSTED : RESTRICTED);
      // the answer stays above the TUI, the list is gone
      expect(pane.screen()).toContain(
        level === "trusted" ? "› Yes, trust this folder" : "› No, run restricted here",
      );
      expect(pane.screen()).not.toContain(QUESTION_KEYS);
      expect(recorded(home)).toContain(entry(folder, level));
      await chatThenQuit(pane);
    },
    90_000,
  );

  it("a shell that sets CI: the question and the TUI draw, and a command sees the shell's CI and no NODE_ENV", async () => {
    // Ink loaded in CI mode draws no frame until it exits: nothing would be on screen at all
    const { home, folder } = newcomer(false);
    const width = widthFor(`│ You are running mini-codex in ${folder}. │`, 4);
    const pane = tuiWorld.open([], width, 30, {
      trusted: false,
      cwd: folder,
      env: { MINI_CODEX_HOME: home, CI: "true" },
      shell: `unset NODE_ENV; exec '${process.execPath}' '${BIN}' -c 'openai_base_url="${tuiWorld.server.baseUrl}"'`,
    });
    await pane.until(() => pane.screen().includes(QUESTION_KEYS), "the trust question");
    answer(pane, { number: "1" });
    await pane.until(() => pane.screen().includes(READY), "the TUI");
    await pane.until(() => pane.idle(), "the TUI, ready for a message");
    pane.type(`run: echo ci=$CI node_env=\${NODE_ENV:-none}`);
    await pane.until(() => pane.screen().includes("ci=true node_env=none"), "the command's output");
    await pane.until(() => pane.idle(), "the turn to end");
    await chatThenQuit(pane);
  }, 90_000);

  it("asks once: the next start in the folder goes straight in, with the answer given", async () => {
    const { home, folder } = newcomer(true);
    const first = await asked(home, folder);
    answer(first, { number: "2" });
    await first.until(() => first.screen().includes(READY), "the TUI");
    await chatThenQuit(first);
    const width = widthFor(`│ gpt-5-codex · effort medium · openai · ${folder} │`, 4);
    const again = tuiWorld.open([], width, 30, {
      trusted: false,
      cwd: folder,
      env: { MINI_CODEX_HOME: home },
    });
    await again.until(() => again.screen().includes(READY), "the TUI without a question");
    expect(again.screen()).not.toContain("Do you trust");
    expect(again.screen()).toContain(RESTRICTED);
    await chatThenQuit(again, "hello again");
  }, 90_000);

  it.each(["Escape", "C-c"])(
    "%s is no answer: nothing starts, nothing is recorded, and the shell's terminal is as before",
    async (key) => {
      const { home, folder } = newcomer(false);
      const width = widthFor(`│ You are running mini-codex in ${folder}. │`, 4);
      // the terminal's modes after mini-codex exits, as the shell then has them
      const pane = tuiWorld.open([], width, 30, {
        cwd: folder,
        env: { MINI_CODEX_HOME: home },
        shell: `'${process.execPath}' '${BIN}' -c 'openai_base_url="${tuiWorld.server.baseUrl}"'; echo "exit $?"; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo`,
      });
      await pane.until(() => pane.screen().includes(QUESTION_KEYS), "the trust question");
      pane.keys(key);
      await pane.until(() => pane.screen().includes("exit "), "mini-codex to end");
      await pane.until(() => /icanon|echo/.test(pane.screen().split("exit ")[1] ?? ""), "stty");
      expect(pane.screen()).toContain("no answer to the trust question: nothing was started");
      expect(pane.screen()).toContain("exit 1");
      expect(pane.screen()).toMatch(/\bicanon echo\b/);
      expect(recorded(home)).not.toContain("[projects.");
    },
    90_000,
  );
});
