/**
 * A repository's worktrees as `/worktree` lists them: each with its branch, what it holds that
 * its removal would lose (uncommitted changes, commits the main checkout's HEAD does not have)
 * and the saved sessions that work in it.
 */
import { existsSync, realpathSync } from "node:fs";
import { isInside } from "../../sandbox/index.js";
import type { SessionSummary } from "../../session/index.js";
import { worktreeGit, worktreeGitOk } from "./worktree-git.js";

/** One entry of `git worktree list --porcelain`. */
interface GitWorktreeEntry {
  path: string;
  /** The commit checked out (absent in a bare repository's entry). */
  head?: string;
  /** Its branch, short (`codex/x`); absent: a detached HEAD. */
  branch?: string;
  bare: boolean;
  locked: boolean;
  /** Its folder is gone: git would prune its record. */
  prunable: boolean;
}

/** `git worktree list --porcelain` read (pure): the main checkout first, as git lists it. */
export function parseWorktreeList(porcelain: string): GitWorktreeEntry[] {
  const out: GitWorktreeEntry[] = [];
  for (const block of porcelain.split(/\n\n+/)) {
    let entry: GitWorktreeEntry | undefined;
    for (const line of block.split("\n")) {
      const [key = "", ...rest] = line.split(" ");
      const value = rest.join(" ");
      if (key === "worktree") {
        entry = { path: value, bare: false, locked: false, prunable: false };
        out.push(entry);
      } else if (!entry) {
      } else if (key === "HEAD") entry.head = value;
      else if (key === "branch") entry.branch = value.replace(/^refs\/heads\//, "");
      else if (key === "bare") entry.bare = true;
      else if (key === "locked") entry.locked = true;
      else if (key === "prunable") entry.prunable = true;
    }
  }
  return out;
}

/** A worktree as `/worktree` shows it. */
export interface ListedWorktree extends GitWorktreeEntry {
  /** The main checkout (never removed from here). */
  main: boolean;
  /** The session asking works in it. */
  current: boolean;
  /** Files `git status` reports changed or untracked (0 for the main checkout: not read). */
  changes: number;
  /** Commits of its HEAD the main checkout's HEAD does not have (0 for the main checkout). */
  unmerged: number;
  /** Ids of the saved sessions that work in it, newest first. */
  sessions: string[];
}

const realOr = (path: string) => (existsSync(path) ? realpathSync(path) : path);

/**
 * The worktrees of the repository `cwd` is in, each with what removing it would lose and the
 * sessions in it (`sessions`: every saved session, newest first).
 */
export async function listWorktrees(
  cwd: string,
  sessions: readonly SessionSummary[],
): Promise<ListedWorktree[]> {
  const listed = parseWorktreeList(
    await worktreeGitOk(cwd, ["worktree", "list", "--porcelain"], "cannot list the worktrees"),
  );
  const here = realOr(cwd);
  const mainHead = listed[0]?.head;
  const paths = listed.map((entry) => realOr(entry.path));
  // the deepest one holding a folder (a worktree may have been put inside the main checkout)
  const holder = (dir: string) =>
    paths.filter((path) => isInside(path, dir)).sort((a, b) => b.length - a.length)[0];
  const current = holder(here);
  return Promise.all(
    listed.map(async (entry, index) => {
      const path = paths[index] as string;
      const main = index === 0;
      const lost = main || entry.prunable ? undefined : await wouldLose(entry, mainHead);
      return {
        ...entry,
        path,
        main,
        current: path === current,
        changes: lost?.changes ?? 0,
        unmerged: lost?.unmerged ?? 0,
        sessions: sessions.filter((s) => holder(realOr(s.cwd)) === path).map((s) => s.id),
      };
    }),
  );
}

/** What removing a worktree would lose: its changed files, its commits not in `mainHead`. */
async function wouldLose(
  entry: GitWorktreeEntry,
  mainHead: string | undefined,
): Promise<{ changes: number; unmerged: number }> {
  const status = await worktreeGitOk(
    entry.path,
    ["status", "--porcelain", "--untracked-files=normal"],
    `cannot read the state of ${entry.path}`,
  );
  const changes = status.split("\n").filter((line) => line !== "").length;
  if (!entry.head || !mainHead) return { changes, unmerged: 0 };
  const ahead = await worktreeGit(entry.path, [
    "rev-list",
    "--count",
    `${mainHead}..${entry.head}`,
  ]);
  return { changes, unmerged: ahead.code === 0 ? Number(ahead.stdout.trim()) || 0 : 0 };
}
