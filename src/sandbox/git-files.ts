/**
 * Git's own files for a folder, read from disk without running git (no config is read, nothing
 * a repository names can run): the one definition the shell sandbox binds read-only, apply_patch
 * refuses to write, and mini-codex's own git binds into its sandbox (docs/config.md, "Sandbox").
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** The top of the git work tree holding `dir` (where the nearest `.git` is), if any. */
export function gitRoot(dir: string): string | undefined {
  let current = resolve(dir);
  for (;;) {
    try {
      statSync(join(current, ".git"));
      return current;
    } catch {
      // keep walking up
    }
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function firstLine(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").split("\n")[0]?.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Where a `.git` file (worktree, `--separate-git-dir`, submodule) says the git directory is. */
function gitdirTarget(dotGitFile: string): string | undefined {
  const match = /^gitdir:\s*(.+)$/.exec(firstLine(dotGitFile) ?? "");
  return match?.[1] ? real(resolve(dirname(dotGitFile), match[1])) : undefined;
}

/** The shared repository of a worktree's git directory (its `commondir`, as git reads it). */
function commonDir(gitDir: string): string | undefined {
  const named = firstLine(join(gitDir, "commondir"));
  return named ? real(resolve(gitDir, named)) : undefined;
}

/**
 * The `.git` governing `root` (its own or the nearest above), the git directory a `.git` file
 * points to (`gitdir:`), and the shared repository a worktree uses (what
 * `git rev-parse --git-common-dir` names): real paths, all existing, without duplicates.
 */
export function gitPaths(root: string): string[] {
  const top = gitRoot(root);
  const dotGit = top ? real(join(top, ".git")) : undefined;
  if (!top || !dotGit) return [];
  const gitDir = statSync(dotGit).isDirectory() ? dotGit : gitdirTarget(dotGit);
  const common = gitDir ? commonDir(gitDir) : undefined;
  return [...new Set([dotGit, gitDir, common].filter((path) => path !== undefined))];
}

/** A linked worktree (`git worktree add`) and the main checkout whose repository it shares. */
interface LinkedWorktree {
  /** The worktree's top folder (real path). */
  root: string;
  /** Its own git directory: `<main>/.git/worktrees/<id>`. */
  gitDir: string;
  /** The main checkout: the folder whose `.git` holds the shared repository. */
  mainRoot: string;
  /** The branch it has checked out (absent: a detached HEAD). */
  branch?: string;
}

/**
 * The linked worktree holding `dir`, if it is one: its `.git` file names a git directory under
 * a repository's `.git/worktrees/`, and that directory's `gitdir` file names this `.git` back
 * (as git writes them), so a folder cannot claim another repository's checkout as its own
 * (the Codex CLI keys trust by the main checkout the same way). Undefined for a main checkout,
 * a submodule, a `--separate-git-dir` or a bare repository's worktree.
 */
export function linkedWorktreeOf(dir: string): LinkedWorktree | undefined {
  const top = gitRoot(dir);
  if (!top) return undefined;
  const dotGit = join(top, ".git");
  try {
    if (!statSync(dotGit).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const gitDir = gitdirTarget(dotGit);
  if (!gitDir || basename(dirname(gitDir)) !== "worktrees") return undefined;
  const back = firstLine(join(gitDir, "gitdir"));
  if (!back || real(resolve(gitDir, back)) !== real(dotGit)) return undefined;
  const common = commonDir(gitDir);
  if (!common || basename(common) !== ".git") return undefined;
  const branch = /^ref: refs\/heads\/(.+)$/.exec(firstLine(join(gitDir, "HEAD")) ?? "")?.[1];
  return {
    root: real(top) ?? top,
    gitDir,
    mainRoot: dirname(common),
    ...(branch ? { branch } : {}),
  };
}
