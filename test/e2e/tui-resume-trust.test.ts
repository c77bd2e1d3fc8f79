import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "./helpers.js";
import { chatThenQuit, hasTmux, type Pane, widthFor } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// A session picked from the list of every directory, to go on in its own folder, asks that
// folder's trust first when none is recorded, as the start-up question does (docs/config.md,
// "Trust"). In tmux, on the demo server; the launch folder (the world's repo) is trusted in
// config.toml, the others are not known.

const QUESTION = "Do you trust the contents of this folder?";

describe.skipIf(!hasTmux)(
  "the trust question before a session opens in another folder (tmux)",
  () => {
    const tuiWorld = useTuiWorld({
      prepare: (world) => {
        mkdirSync(world.home, { recursive: true });
        writeFileSync(
          join(world.home, "config.toml"),
          `[projects.${JSON.stringify(realpathSync(world.repo))}]\ntrust_level = "trusted"\n`,
        );
      },
    });
    const config = () => readFileSync(join(tuiWorld.world.home, "config.toml"), "utf8");
    const entry = (dir: string, level: string) =>
      `[projects.${JSON.stringify(realpathSync(dir))}]\ntrust_level = "${level}"`;

    /** A git repository made for the test, with a session `exec` saved there (workspace-write, approval never). */
    async function sessionIn(name: string, prompt: string): Promise<{ dir: string; id: string }> {
      const dir = join(tuiWorld.world.root, name);
      execFileSync("git", ["init", "-q", dir]);
      const run = await runCli(
        [
          "exec",
          "--json",
          "-s",
          "workspace-write",
          "-c",
          `openai_base_url=${tuiWorld.server.baseUrl}`,
          prompt,
        ],
        { env: tuiWorld.world.env(), cwd: dir },
      );
      expect(run.code).toBe(0);
      const id = (jsonLines(run.stdout)[0] as unknown as { thread_id: string }).thread_id;
      return { dir, id };
    }

    /**
     * Wide enough for the question and the banner to name each folder (under this run's temp
     * folder, of any length) on one row.
     */
    const width = () =>
      widthFor(
        `│ gpt-5-codex · effort medium · openai · ${join(tuiWorld.world.root, "known-untrusted")} │`,
        10,
        150,
      );

    /** `resume --all` in the launch folder: the session found by its id, in its own folder. */
    async function pickInItsFolder(id: string): Promise<Pane> {
      const pane = tuiWorld.open(["resume", "--all"], width(), 40, { trusted: false });
      await pane.until(
        () => pane.screen().includes("Resume a session"),
        "the list of every directory",
      );
      pane.literal(id);
      await pane.until(() => pane.screen().includes(`Filter: ${id}`), "the filter");
      pane.keys("Enter");
      await pane.until(
        () => pane.screen().includes("Choose working directory to resume this session"),
        "the directory question",
      );
      pane.keys("Enter"); // "Use session directory", the first
      return pane;
    }

    it("'No' records the folder untrusted and the session runs read-only, approval untrusted", async () => {
      const { dir, id } = await sessionIn("cloned-no", "made in a cloned repo");
      const pane = await pickInItsFolder(id);
      await pane.until(() => pane.screen().includes(QUESTION), "the trust question");
      expect(pane.screen()).toContain(`You are running mini-codex in ${realpathSync(dir)}.`);
      expect(pane.screen()).toContain("No, run restricted here");
      expect(pane.screen()).not.toContain(`Resumed session ${id}`);
      pane.keys("Down", "Enter");
      await pane.until(() => pane.screen().includes(`Resumed session ${id}`), "the session");
      expect(pane.screen()).toContain("approval untrusted · sandbox read-only");
      expect(pane.screen()).toContain(
        "sandbox read-only for this run (the session ran with workspace-write)",
      );
      expect(config()).toContain(entry(dir, "untrusted"));
      pane.type("/status");
      await pane.until(() => pane.screen().includes("sandbox      read-only"), "the status");
      await chatThenQuit(pane);
    }, 90_000);

    it("'Yes' records the folder trusted and the session keeps its own settings", async () => {
      const { dir, id } = await sessionIn("cloned-yes", "trusted after asking");
      const pane = await pickInItsFolder(id);
      await pane.until(() => pane.screen().includes(QUESTION), "the trust question");
      expect(pane.screen()).toContain("› 1. Yes, trust this folder");
      pane.literal("1"); // its number picks it, as at start-up
      await pane.until(() => pane.screen().includes(`Resumed session ${id}`), "the session");
      expect(pane.screen()).toContain("approval never · sandbox workspace-write");
      expect(config()).toContain(entry(dir, "trusted"));
      expect(config()).not.toContain(entry(dir, "untrusted"));
      await chatThenQuit(pane);
    }, 90_000);

    it("a folder already decided on asks nothing: trusted keeps the session's settings, untrusted restricts", async () => {
      const trusted = await sessionIn("known-trusted", "from a known folder");
      const untrusted = await sessionIn("known-untrusted", "from a doubted folder");
      writeFileSync(
        join(tuiWorld.world.home, "config.toml"),
        `${config()}\n${entry(trusted.dir, "trusted")}\n\n${entry(untrusted.dir, "untrusted")}\n`,
      );
      const before = config();
      const pane = await pickInItsFolder(trusted.id);
      await pane.until(
        () => pane.screen().includes(`Resumed session ${trusted.id}`),
        "the session",
      );
      expect(pane.screen()).not.toContain(QUESTION);
      expect(pane.screen()).toContain("approval never · sandbox workspace-write");
      pane.kill();
      const doubted = await pickInItsFolder(untrusted.id);
      await doubted.until(
        () => doubted.screen().includes(`Resumed session ${untrusted.id}`),
        "the session",
      );
      expect(doubted.screen()).not.toContain(QUESTION);
      expect(doubted.screen()).toContain("approval untrusted · sandbox read-only");
      expect(config()).toBe(before);
    }, 90_000);

    it("Esc on the question opens nothing there and records nothing: a new session starts here", async () => {
      const { dir, id } = await sessionIn("cloned-esc", "left unanswered");
      const pane = await pickInItsFolder(id);
      await pane.until(() => pane.screen().includes(QUESTION), "the trust question");
      pane.keys("Escape");
      await pane.until(() => pane.screen().includes("the session was not opened"), "the notice");
      // the notice comes first; the new session's banner (naming the launch folder) follows it
      await pane.until(
        () => pane.screen().includes(`· ${tuiWorld.world.repo}`) && pane.idle(),
        "a new session in the launch folder",
      );
      expect(pane.screen()).not.toContain(`Resumed session ${id}`);
      expect(config()).not.toContain(JSON.stringify(realpathSync(dir)));
      expect(existsSync(dir)).toBe(true);
      await chatThenQuit(pane);
    }, 90_000);

    it("resume <id> into its unknown folder from the command line: 'No' restricts the session too", async () => {
      const { dir, id } = await sessionIn("cloned-start", "resumed at start-up");
      const pane = tuiWorld.open(["resume", id], width(), 40, { trusted: false });
      await pane.until(
        () => pane.screen().includes("Use session directory"),
        "the directory question",
      );
      // two questions in a row before the TUI draws, each answered by its number key
      pane.literal("1");
      await pane.until(() => pane.screen().includes(QUESTION), "the trust question");
      pane.literal("2");
      await pane.until(() => pane.screen().includes(`Resumed session ${id}`), "the session");
      expect(pane.screen()).toContain("approval untrusted · sandbox read-only");
      expect(config()).toContain(entry(dir, "untrusted"));
      await chatThenQuit(pane);
    }, 90_000);
  },
);
