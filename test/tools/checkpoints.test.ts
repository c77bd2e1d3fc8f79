import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BatchReader } from "../../src/tools/checkpoints/blob-stream.js";
import { CheckpointStore } from "../../src/tools/checkpoints/checkpoint-store.js";
import { writeGuard } from "../../src/tools/workspace.js";

// Issue 29 (rewind, code): checkpoints in a shadow repository; the user's git is untouched.
let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

function userRepo() {
  root = mkdtempSync(join(tmpdir(), "mini-codex-checkpoints-"));
  const repo = join(root, "repo");
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args], {
      encoding: "utf8",
    });
  execFileSync("git", ["init", "-q", repo]);
  writeFileSync(join(repo, ".gitignore"), "build/\n*.log\n");
  writeFileSync(join(repo, "a.txt"), "a0\n");
  writeFileSync(join(repo, "gone.txt"), "will be deleted\n");
  git("add", ".");
  git("commit", "-qm", "first");
  writeFileSync(join(repo, "a.txt"), "stashed\n");
  git("stash", "-q");
  git("branch", "feature");
  writeFileSync(join(repo, "untracked.txt"), "u0\n");
  writeFileSync(join(repo, "debug.log"), "log0\n");
  writeFileSync(join(repo, "staged.txt"), "s0\n");
  git("add", "staged.txt");
  const state = () => [
    git("stash", "list"),
    git("branch"),
    git("rev-parse", "HEAD"),
    git("ls-files", "-s"),
    git("status", "--porcelain"),
  ];
  return { repo, state };
}

describe("workspace checkpoints", () => {
  it("restores what mini-codex changed, keeps what was edited by hand, never touches the user's git", async () => {
    const { repo, state } = userRepo();
    const home = join(root, "home");
    const before = state();
    const store = await CheckpointStore.open(home, repo);
    const t0 = await store.snapshot();
    if (!("tree" in t0)) throw new Error(t0.skipped);
    // a turn of mini-codex: edits, creates, deletes
    writeFileSync(join(repo, "a.txt"), "a1\n");
    writeFileSync(join(repo, "untracked.txt"), "u1\n");
    writeFileSync(join(repo, "new.txt"), "new\n");
    unlinkSync(join(repo, "gone.txt"));
    writeFileSync(join(repo, "debug.log"), "log1\n");
    const t1 = await store.snapshot();
    if (!("tree" in t1)) throw new Error(t1.skipped);
    // after the turn, by hand
    writeFileSync(join(repo, "staged.txt"), "edited by hand\n");
    expect(await store.diff(t0.tree, t1.tree)).toContain("-a0\n+a1");

    const rewind = await store.restore(t0.tree, t1.tree);
    expect(rewind.restored.sort()).toEqual(["a.txt", "gone.txt", "untracked.txt"]);
    expect(rewind.removed).toEqual(["new.txt"]);
    expect(rewind.keptExternal).toEqual(["staged.txt"]);
    expect(readFileSync(join(repo, "a.txt"), "utf8")).toBe("a0\n");
    expect(readFileSync(join(repo, "gone.txt"), "utf8")).toBe("will be deleted\n");
    expect(existsSync(join(repo, "new.txt"))).toBe(false);
    expect(readFileSync(join(repo, "staged.txt"), "utf8")).toBe("edited by hand\n");
    // ignored files are not recorded, so not rewound
    expect(readFileSync(join(repo, "debug.log"), "utf8")).toBe("log1\n");

    const after = state();
    // stash, branches, HEAD and the index are as they were; status differs only by the hand edit
    expect(after.slice(0, 4)).toEqual(before.slice(0, 4));
    expect(after[4]).toBe((before[4] as string).replace("A  staged.txt", "AM staged.txt"));
    expect(existsSync(join(home, "checkpoints"))).toBe(true);
  });

  it("a workspace over the cap is not checkpointed, with a clear reason", async () => {
    const { repo } = userRepo();
    const store = await CheckpointStore.open(join(root, "home"), repo);
    const snap = await store.snapshot(4);
    expect(snap).toEqual({
      skipped: expect.stringMatching(/over the 0 MB checkpoint cap: no checkpoint/),
    });
  });

  it("a git failure is one line: the subcommand and git's own words, not its command line", async () => {
    const { repo } = userRepo();
    const store = await CheckpointStore.open(join(root, "home"), repo);
    await store.snapshot();
    // what a run killed inside `git add` of the same index would leave
    const [shadow] = readdirSync(join(root, "home", "checkpoints"));
    const gitDir = join(root, "home", "checkpoints", shadow as string);
    const [index] = readdirSync(gitDir).filter((name) => /^mini-codex-index\.\d+\.\d+$/.test(name));
    expect(index).toBeDefined();
    writeFileSync(join(gitDir, `${index}.lock`), "");
    const failed = await store.snapshot().catch((error: Error) => error.message);
    expect(failed).toMatch(/^git add failed: fatal: Unable to create '.*\.lock': File exists\.$/);
    // another store on the same workspace has its own index: it is not held up
    const other = await CheckpointStore.open(join(root, "home"), repo);
    expect(await other.snapshot()).toEqual({ tree: expect.stringMatching(/^[0-9a-f]{40}$/) });
  });
});

describe("a code rewind on the kernel's no-follow walk (issue 43)", () => {
  it("puts back modes and symlinks as recorded; a path through a symlink or into .codex is refused by name, the rest still restored", async () => {
    const { repo } = userRepo();
    const outside = join(root, "outside");
    mkdirSync(outside);
    mkdirSync(join(repo, "d"));
    mkdirSync(join(repo, ".codex"));
    writeFileSync(join(repo, "d", "x.txt"), "x0\n");
    writeFileSync(join(repo, "run.sh"), "echo run0\n", { mode: 0o755 });
    writeFileSync(join(repo, "made"), "a file\n");
    writeFileSync(join(repo, ".codex", "hooks.json"), "{}\n");
    symlinkSync("a.txt", join(repo, "link"));
    const store = await CheckpointStore.open(join(root, "home"), repo);
    const t0 = await store.snapshot();
    if (!("tree" in t0)) throw new Error(t0.skipped);
    // a turn: the script rewritten without its x bit, the link made a file, d emptied, new
    // files, one in folders where the file `made` was
    writeFileSync(join(repo, "run.sh"), "echo run1\n");
    chmodSync(join(repo, "run.sh"), 0o644);
    unlinkSync(join(repo, "link"));
    writeFileSync(join(repo, "link"), "no longer a link\n");
    rmSync(join(repo, "d"), { recursive: true });
    writeFileSync(join(repo, ".codex", "hooks.json"), '{"hooks":{}}\n');
    writeFileSync(join(repo, "new.txt"), "new\n");
    unlinkSync(join(repo, "made"));
    mkdirSync(join(repo, "made", "sub"), { recursive: true });
    writeFileSync(join(repo, "made", "sub", "out.txt"), "out\n");
    const t1 = await store.snapshot();
    if (!("tree" in t1)) throw new Error(t1.skipped);
    // after the turn: d becomes a symlink to a folder outside the workspace
    symlinkSync(outside, join(repo, "d"));

    const protectedPaths = [{ path: join(repo, ".codex"), kind: "agent-folder" as const }];
    const guard = writeGuard({
      cwd: repo,
      workspaceRoots: [repo],
      sandbox: "workspace-write",
      protectedPaths,
    });
    const rewind = await store.restore(t0.tree, t1.tree, [], guard);
    expect(rewind.restored).toEqual(["link", "made", "run.sh"]);
    expect(rewind.removed).toEqual(["made/sub/out.txt", "new.txt"]);
    expect(rewind.keptExternal).toEqual(["d"]);
    expect(rewind.refused).toEqual([
      {
        path: ".codex/hooks.json",
        reason: expect.stringMatching(
          /^is inside \.codex, whose hooks, .* refused unless -s danger-full-access$/,
        ),
      },
      {
        path: "d/x.txt",
        reason: `goes through a symlink that leaves the workspace: d -> ${outside}`,
      },
    ]);
    expect(readdirSync(outside)).toEqual([]);
    expect(readlinkSync(join(repo, "d"))).toBe(outside);
    expect(readFileSync(join(repo, "run.sh"), "utf8")).toBe("echo run0\n");
    expect(statSync(join(repo, "run.sh")).mode & 0o111).not.toBe(0);
    expect(lstatSync(join(repo, "link")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(repo, "link"))).toBe("a.txt");
    expect(readFileSync(join(repo, ".codex", "hooks.json"), "utf8")).toBe('{"hooks":{}}\n');
    expect(existsSync(join(repo, "new.txt"))).toBe(false);
    expect(readFileSync(join(repo, "made"), "utf8")).toBe("a file\n");
    // no temporary name is left behind
    expect(readdirSync(repo).filter((name) => name.startsWith(".mini-codex"))).toEqual([]);
  });

  it("reads `git cat-file --batch` output however it is cut", () => {
    const output = Buffer.from("aa blob 3\nab\n\nbb missing\ncc blob 0\n\n");
    const reader = new BatchReader();
    const blobs: Array<string | undefined> = [];
    for (let i = 0; i < output.length; i++)
      for (const blob of reader.push(output.subarray(i, i + 1))) blobs.push(blob?.toString());
    expect(blobs).toEqual(["ab\n", undefined, ""]);
    expect(reader.idle).toBe(true);
  });
});
