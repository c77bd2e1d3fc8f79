import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "./helpers.js";
import { chatThenQuit, hasTmux, QUESTION_KEYS, widthFor } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Resuming comes back where and how the session ran (issue 26 items 1 and 2, the TUI's part):
// from another directory it asks which one; /resume brings the session's own approval policy
// and sandbox. In tmux, on the demo server.

const READY = "Esc interrupts · Ctrl+C twice quits";

describe.skipIf(!hasTmux)("resuming in the session's place (tmux, demo server)", () => {
  const tuiWorld = useTuiWorld();

  /** A session saved by `exec` (in the world's repo unless given): read-only sandbox, approval never. */
  async function execSession(prompt: string, cwd = tuiWorld.world.repo): Promise<string> {
    const run = await runCli(
      ["exec", "--json", "-c", `openai_base_url=${tuiWorld.server.baseUrl}`, prompt],
      { env: tuiWorld.world.env(), cwd },
    );
    expect(run.code).toBe(0);
    return (jsonLines(run.stdout)[0] as unknown as { thread_id: string }).thread_id;
  }

  it.each([
    { by: "1", keys: ["1"], inSessionDirectory: true },
    { by: "Down Enter", keys: ["Down", "Enter"], inSessionDirectory: false },
  ])(
    "resume <id> from another directory asks which directory; answered by $by, the TUI then takes a message and Ctrl+C twice",
    async ({ keys, inSessionDirectory }) => {
      const id = await execSession("made in the repo");
      const elsewhere = join(tuiWorld.world.root, `elsewhere-${keys.length}`);
      execFileSync("git", ["init", "-q", elsewhere]);
      // the question and the banner name the folders (this run's temp folder, of any length):
      // each on one row
      const width = widthFor(`│ gpt-5-codex · effort medium · openai · ${elsewhere} │`, 10, 120);
      const pane = tuiWorld.open(["resume", id], width, 30, { cwd: elsewhere });
      await pane.until(() => pane.screen().includes(QUESTION_KEYS), "the directory question");
      expect(pane.screen()).toContain("Choose working directory to resume this session");
      expect(pane.screen()).toContain(`› 1. Use session directory (${tuiWorld.world.repo})`);
      expect(pane.screen()).toContain(`  2. Use current directory (${elsewhere})`);
      pane.keys(...keys);
      await pane.until(() => pane.screen().includes(`Resumed session ${id}`), "the session");
      const [chosen, other] = inSessionDirectory
        ? [tuiWorld.world.repo, elsewhere]
        : [elsewhere, tuiWorld.world.repo];
      expect(pane.screen()).toContain(`· ${chosen}`);
      expect(pane.screen()).not.toContain(`· ${other}`);
      await chatThenQuit(pane);
    },
    90_000,
  );

  it("/resume in a running TUI comes back on the session's own approval policy and sandbox", async () => {
    const id = await execSession("made by exec");
    const pane = tuiWorld.open([], 120, 30);
    await pane.until(() => pane.screen().includes(READY), "the TUI");
    expect(pane.screen()).toContain("approval on-request · sandbox workspace-write");
    pane.type("/resume");
    await pane.until(() => pane.screen().includes("made by exec"), "the list");
    pane.literal("made by exec");
    await pane.until(() => pane.screen().includes("(1 of"), "the filtered list");
    pane.keys("Enter");
    await pane.until(() => pane.screen().includes(`Resumed session ${id}`), "the session");
    expect(pane.screen()).toContain("approval never · sandbox read-only");
    expect(pane.screen()).not.toContain("for this run (the session ran with");
    pane.type("/status");
    await pane.until(() => pane.screen().includes("sandbox      read-only"), "the status");
    // a new session is the launch's again, not the resumed one's (its settings were its own)
    pane.type("/new");
    const lastBanner = () =>
      pane
        .screen()
        .match(/│ approval .*/g)
        ?.at(-1) ?? "";
    await pane.until(
      () => lastBanner().includes("approval on-request · sandbox workspace-write"),
      "the new session's banner",
    );
    pane.type("/status");
    await pane.until(() => pane.screen().includes("sandbox      workspace-write"), "the status");
  }, 90_000);

  it("the list of every directory asks in the TUI before it opens another directory's session", async () => {
    const id = await execSession("picked from afar");
    const afar = join(tuiWorld.world.root, "afar");
    execFileSync("git", ["init", "-q", afar]);
    const width = widthFor(`│ gpt-5-codex · effort medium · openai · ${afar} │`, 10, 140);
    const pane = tuiWorld.open(["resume", "--all"], width, 30, { cwd: afar });
    await pane.until(() => pane.screen().includes("picked from afar"), "the list");
    pane.literal("picked from afar");
    await pane.until(() => pane.screen().includes("Filter: picked from afar"), "the filter");
    pane.keys("Enter");
    await pane.until(
      () => pane.screen().includes("Choose working directory to resume this session"),
      "the directory question",
    );
    expect(pane.screen()).toContain(`2. Use current directory (${afar})`);
    pane.literal("1"); // a number key picks its answer in the TUI's question too
    await pane.until(() => pane.screen().includes(`Resumed session ${id}`), "the session");
    expect(pane.screen()).toContain(`· ${tuiWorld.world.repo}`);
    pane.type("/status");
    await pane.until(() => pane.screen().includes("directory    "), "the status");
    expect(pane.screen()).toContain(`directory    ${tuiWorld.world.repo}`);
    await chatThenQuit(pane);
  }, 90_000);

  it("/resume in a session opened in another folder lists that folder's sessions and opens them there", async () => {
    const other = join(tuiWorld.world.root, "other-place");
    execFileSync("git", ["init", "-q", other]);
    await execSession("first over there", other);
    await execSession("second over there", other);
    const width = widthFor(`│ gpt-5-codex · effort medium · openai · ${other} │`, 10, 140);
    const pane = tuiWorld.open(["resume", "--all"], width, 40);
    await pane.until(() => pane.screen().includes("second over there"), "the list");
    pane.literal("second over there");
    await pane.until(() => pane.screen().includes("Filter: second over there"), "the filter");
    pane.keys("Enter");
    await pane.until(
      () => pane.screen().includes("Use session directory"),
      "the directory question",
    );
    pane.keys("Enter");
    await pane.until(() => pane.screen().includes("You said: second over there"), "the session");
    expect(pane.screen()).toContain(`· ${other}`);
    pane.type("/resume");
    await pane.until(() => pane.screen().includes("Resume a session (2)"), "that folder's list");
    pane.literal("first over there");
    await pane.until(() => pane.screen().includes("Filter: first over there"), "the filter");
    pane.keys("Enter");
    await pane.until(() => pane.screen().includes("You said: first over there"), "the session");
    pane.type("/status");
    await pane.until(() => pane.screen().includes("directory    "), "the status");
    expect(pane.screen()).toContain(`directory    ${other}`);
    expect(pane.screen()).not.toContain(`directory    ${tuiWorld.world.repo}`);
  }, 90_000);

  it("with -C the list's session from another directory goes on in -C's folder, nothing asked", async () => {
    const id = await execSession("picked under -C");
    const chosen = join(tuiWorld.world.root, "chosen-by-cd");
    execFileSync("git", ["init", "-q", chosen]);
    const width = widthFor(`│ gpt-5-codex · effort medium · openai · ${chosen} │`, 10, 140);
    const pane = tuiWorld.open(["resume", "--all", "-C", chosen], width, 30);
    await pane.until(() => pane.screen().includes("picked under -C"), "the list");
    pane.literal("picked under -C");
    await pane.until(() => pane.screen().includes("Filter: picked under -C"), "the filter");
    pane.keys("Enter");
    await pane.until(() => pane.screen().includes(`Resumed session ${id}`), "the session");
    expect(pane.screen()).not.toContain("Choose working directory to resume this session");
    pane.type("/status");
    await pane.until(() => pane.screen().includes("directory    "), "the status");
    expect(pane.screen()).toContain(`directory    ${chosen}`);
  }, 90_000);
});
