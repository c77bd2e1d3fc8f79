import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux, QUESTION_KEYS, quitTui, widthFor } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 46 item 3's "Done when" in a real terminal: `mini-codex --demo --worktree` in a person's
// repository (a newcomer: the folder's trust is asked and answered by typing), a patch lands in
// the new worktree and not in the main checkout, `/worktree` lists it with its session, and a
// worktree holding uncommitted work is removed only after the question, answered by arrows.
describe.skipIf(!hasTmux)("--worktree in the TUI (tmux, demo provider)", () => {
  const tui = useTuiWorld();

  it("starts in a new worktree once trusted; the patch lands there; /worktree lists and removes", async () => {
    const root = join(tui.world.root, "person");
    const repo = join(root, "app");
    const home = join(root, "home");
    mkdirSync(root);
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" });
    execFileSync("git", ["init", "-q", repo]);
    git("config", "user.email", "t@example.invalid");
    git("config", "user.name", "t");
    writeFileSync(join(repo, "a.txt"), "one\n");
    git("add", "a.txt");
    git("commit", "-qm", "one");
    // a worktree made earlier, with work not committed yet
    const other = join(root, "app.other");
    git("worktree", "add", "-q", "-b", "codex/other", other);
    writeFileSync(join(other, "wip.txt"), "not committed\n");
    const sessionFolders = () =>
      readdirSync(root).filter((name) => /^app\.[0-9a-f]{8}-/.test(name));

    const width = widthFor(`${repo}.0198a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b`, 60);
    const pane = tui.open(["--demo", "--worktree"], width, 45, {
      trusted: false,
      cwd: repo,
      env: { MINI_CODEX_HOME: home },
    });
    await pane.until(() => pane.screen().includes(QUESTION_KEYS), "the trust question");
    expect(sessionFolders()).toEqual([]); // nothing is made before the answer
    pane.literal("1");
    await pane.until(() => pane.screen().includes("worktree: branch codex/"), "the banner");
    const id = /session (\S+)/.exec(pane.screen())?.[1] as string;
    const worktree = join(root, `app.${id}`);
    expect(sessionFolders()).toEqual([`app.${id}`]);
    expect(pane.screen()).toContain(`demo · ${worktree}`);
    expect(pane.screen()).toContain(`worktree: branch codex/${id} of ${repo} (new, from`);

    await pane.until(() => pane.idle(), "the TUI, ready");
    pane.type("write x.txt: hi");
    await pane.until(() => existsSync(join(worktree, "x.txt")), "x.txt in the worktree");
    expect(existsSync(join(repo, "x.txt"))).toBe(false);
    await pane.until(() => pane.idle(), "the turn to end");

    pane.type("/worktree");
    await pane.until(() => pane.screen().includes("(this session)"), "the list");
    const listed = pane.screen();
    expect(listed).toContain(`Worktrees of ${repo}`);
    expect(listed).toContain(`› ${worktree}  (this session)`);
    expect(listed).toContain(`branch codex/${id} · 1 uncommitted change`);
    expect(listed).toContain(`session ${id}`);
    expect(listed).toContain(`  ${other}\n      branch codex/other · 1 uncommitted change`);

    pane.type("/worktree remove other");
    await pane.until(() => pane.screen().includes("Remove it?"), "the question");
    expect(pane.screen()).toContain(`${other} holds 1 uncommitted change. Remove it?`);
    expect(pane.screen()).toContain("› 1. No, keep it");
    pane.keys("Down", "Enter");
    await pane.until(() => pane.screen().includes("kept branch codex/other"), "the removal");
    expect(existsSync(other)).toBe(false);
    expect(git("branch", "--list", "codex/other")).toContain("codex/other");
    expect(existsSync(join(worktree, "x.txt"))).toBe(true);
    await quitTui(pane);
  }, 180_000);
});
