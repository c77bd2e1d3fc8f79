import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectTrust as trustOf } from "../../src/launch/project-trust.js";
import {
  freePlace,
  type ListedWorktree,
  listWorktrees,
  makeWorktree,
  parseWorktreeList,
  removalQuestion,
  removalTarget,
  worktreeNameOf,
  worktreeNameProblem,
  worktreePlace,
  worktreeRequestOf,
} from "../../src/launch/worktrees/index.js";
import { linkedWorktreeOf } from "../../src/sandbox/git-files.js";
import { type MiniCodexConfig, resolveSettings } from "../../src/settings/index.js";

/** projectTrust over config.toml's keys as written. */
const projectTrust = (config: MiniCodexConfig, cwd: string) =>
  trustOf(resolveSettings(config), cwd);

// Issue 46 item 3: the pure parts of --worktree and /worktree (naming, placement, the removal
// question), then making and listing worktrees with real git in a temp folder.

describe("worktree names and places (pure)", () => {
  it("a NAME makes one folder beside the main checkout and a codex/ branch; bad ones say why", () => {
    expect(worktreePlace("/work/app", "fix-login")).toEqual({
      name: "fix-login",
      path: "/work/app.fix-login",
      branch: "codex/fix-login",
    });
    expect(worktreeNameOf("/work/app", "/work/app.fix-login")).toBe("fix-login");
    expect(worktreeNameOf("/work/app", "/elsewhere/app.fix-login")).toBeUndefined();
    for (const name of ["fix-login", "v1.2_x", "0198a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b"])
      expect(worktreeNameProblem(name)).toBeUndefined();
    for (const name of ["", "fix the bug", "../up", "-x", "a/b", "x.lock", "x.", "a..b", "é"])
      expect(worktreeNameProblem(name)).toBeDefined();
    expect(worktreeNameProblem("x".repeat(65))).toContain("64");
  });

  it("the session's id is numbered on when taken; a NAME given is not (the caller says so)", () => {
    const taken = new Set(["/work/app.s1", "/work/app.s1-2"]);
    const busy = (place: { path: string }) => taken.has(place.path);
    expect(freePlace("/work/app", "s1", false, busy)?.path).toBe("/work/app.s1-3");
    expect(freePlace("/work/app", "s1", true, busy)).toBeUndefined();
    expect(freePlace("/work/app", "s2", true, busy)?.branch).toBe("codex/s2");
  });

  it("a prompt read as --worktree's NAME fails before anything runs, saying how to write both", () => {
    expect(worktreeRequestOf(undefined, "id")).toBeUndefined();
    expect(worktreeRequestOf(true, "id")).toEqual({ sessionId: "id" });
    expect(worktreeRequestOf("fix", "id")).toEqual({ name: "fix", sessionId: "id" });
    expect(() => worktreeRequestOf("write x.txt: hi", "id")).toThrow(
      /put a prompt or SESSION_ID before the flag, or write --worktree=NAME/,
    );
  });

  it("git's porcelain list is read entry by entry, the main checkout first", () => {
    const listed = parseWorktreeList(
      [
        "worktree /work/app\nHEAD aaa\nbranch refs/heads/main\n",
        "worktree /work/app.x\nHEAD bbb\nbranch refs/heads/codex/x\nlocked\n",
        "worktree /work/app.gone\nHEAD ccc\ndetached\nprunable gitdir file points to non-existent location\n",
      ].join("\n"),
    );
    expect(listed).toEqual([
      {
        path: "/work/app",
        head: "aaa",
        branch: "main",
        bare: false,
        locked: false,
        prunable: false,
      },
      {
        path: "/work/app.x",
        head: "bbb",
        branch: "codex/x",
        bare: false,
        locked: true,
        prunable: false,
      },
      { path: "/work/app.gone", head: "ccc", bare: false, locked: false, prunable: true },
    ]);
  });

  const entry = (over: Partial<ListedWorktree>): ListedWorktree => ({
    path: "/work/app.x",
    branch: "codex/x",
    bare: false,
    locked: false,
    prunable: false,
    main: false,
    current: false,
    changes: 0,
    unmerged: 0,
    sessions: [],
    ...over,
  });

  it("removal asks only when work would be lost, the safe answer first; some are refused", () => {
    expect(removalQuestion(entry({}))).toBeUndefined();
    const dirty = removalQuestion(entry({ changes: 2, unmerged: 1 }));
    expect(dirty?.title).toBe(
      "/work/app.x holds 2 uncommitted changes and 1 commit not in the main checkout. Remove it?",
    );
    expect(dirty?.answers.map((a) => a.action)).toEqual([
      "keep",
      "remove",
      "remove-and-delete-branch",
    ]);
    expect(dirty?.answers[1]?.text).toContain(
      "keep branch codex/x (its uncommitted changes are lost)",
    );

    const all = [
      entry({ path: "/work/app", branch: "main", main: true }),
      entry({}),
      entry({ path: "/work/app.me", branch: "codex/me", current: true }),
    ];
    expect(removalTarget(all, "x", "/work")).toEqual({ worktree: all[1] });
    expect(removalTarget(all, "codex/x", "/work")).toEqual({ worktree: all[1] });
    expect(removalTarget(all, "../app.x", "/work/app")).toEqual({ worktree: all[1] });
    expect(removalTarget(all, "app", "/work")).toEqual({
      problem: "/work/app is the main checkout: it is not removed",
    });
    expect(removalTarget(all, "me", "/work")).toMatchObject({
      problem: expect.stringContaining("this session works in /work/app.me"),
    });
    expect(removalTarget(all, "nope", "/work")).toMatchObject({
      problem: "no worktree nope (/worktree lists them)",
    });
  });
});

describe("worktrees with real git", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  function repository(commit = true) {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "mini-codex-worktrees-")));
    dirs.push(root);
    const repo = join(root, "app");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" });
    execFileSync("git", ["init", "-q", repo]);
    git("config", "user.email", "t@example.invalid");
    git("config", "user.name", "t");
    mkdirSync(join(repo, "src"));
    writeFileSync(join(repo, "src", "a.txt"), "one\n");
    if (commit) {
      git("add", ".");
      git("commit", "-qm", "one");
    }
    return { root, repo, git };
  }

  it("makes a worktree beside the repository, from HEAD, at the same subfolder; the main checkout's changes stay there", async () => {
    const { root, repo, git } = repository();
    writeFileSync(join(repo, "src", "a.txt"), "edited, not committed\n");
    const made = await makeWorktree(join(repo, "src"), { sessionId: "s1" });
    expect(made).toMatchObject({
      name: "s1",
      path: join(root, "app.s1"),
      branch: "codex/s1",
      cwd: join(root, "app.s1", "src"),
      repo,
    });
    expect(made.notes[0]).toContain(`the uncommitted changes in ${repo} are not in it`);
    expect(git("-C", made.path, "show", "HEAD:src/a.txt")).toBe("one\n");
    expect(git("worktree", "list")).toContain("[codex/s1]");

    // again for the same session: numbered on; a NAME taken: a clear error, nothing made
    expect((await makeWorktree(repo, { sessionId: "s1" })).path).toBe(join(root, "app.s1-2"));
    await expect(makeWorktree(repo, { name: "s1", sessionId: "s9" })).rejects.toThrow(
      `worktree name s1 is taken (${join(root, "app.s1")} exists): choose another with --worktree NAME`,
    );
    // made from inside a worktree: beside the main checkout, not beside the worktree
    expect((await makeWorktree(made.path, { name: "n", sessionId: "s2" })).path).toBe(
      join(root, "app.n"),
    );
  });

  it("fails clearly outside a repository, before its first commit and without git", async () => {
    const { root, repo } = repository(false);
    await expect(makeWorktree(root, { sessionId: "s" })).rejects.toThrow(
      `--worktree needs a git repository, and ${root} is not in one`,
    );
    await expect(makeWorktree(repo, { sessionId: "s" })).rejects.toThrow(
      `${repo} has none yet: commit first`,
    );
    const path = process.env.PATH;
    process.env.PATH = join(root, "no-git-here");
    try {
      await expect(makeWorktree(repo, { sessionId: "s" })).rejects.toThrow(
        "--worktree needs git, and git was not found (is it installed?)",
      );
    } finally {
      process.env.PATH = path;
    }
  });

  it("a worktree shares its repository's trust; a folder pointing at another's gitdir does not", async () => {
    const { root, repo } = repository();
    const made = await makeWorktree(repo, { sessionId: "s1" });
    const projects = { [repo]: { trust_level: "trusted" as const } };
    expect(projectTrust({ projects }, made.cwd)).toEqual({
      root: repo,
      inGit: true,
      level: "trusted",
    });
    expect(linkedWorktreeOf(made.cwd)).toMatchObject({
      root: made.path,
      mainRoot: repo,
      branch: "codex/s1",
    });

    // a copy of the worktree's .git file elsewhere claims its gitdir: the link back says no
    const spoof = join(root, "spoof");
    mkdirSync(spoof);
    writeFileSync(join(spoof, ".git"), `gitdir: ${join(repo, ".git", "worktrees", "app.s1")}\n`);
    expect(linkedWorktreeOf(spoof)).toBeUndefined();
    expect(projectTrust({ projects }, spoof)).toEqual({ root: spoof, inGit: true });
  });

  it("lists the worktrees with what removing each would lose and the sessions in it", async () => {
    const { root, repo, git } = repository();
    const clean = await makeWorktree(repo, { name: "clean", sessionId: "c" });
    const busy = await makeWorktree(repo, { name: "busy", sessionId: "b" });
    writeFileSync(join(busy.path, "new.txt"), "x\n");
    git("-C", busy.path, "commit", "-qm", "two", "--allow-empty");
    const sessions = [
      {
        id: "in-busy",
        cwd: busy.cwd,
        path: "",
        model: "m",
        updatedMs: 0,
        firstMessage: "",
        turns: 1,
      },
      { id: "in-main", cwd: repo, path: "", model: "m", updatedMs: 0, firstMessage: "", turns: 1 },
    ];
    const listed = await listWorktrees(busy.cwd, sessions);
    expect(
      listed.map((w) => [w.path, w.main, w.current, w.changes, w.unmerged, w.sessions]),
    ).toEqual([
      [repo, true, false, 0, 0, ["in-main"]],
      [join(root, "app.busy"), false, true, 1, 1, ["in-busy"]],
      [clean.path, false, false, 0, 0, []],
    ]);
  });
});
