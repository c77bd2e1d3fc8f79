/**
 * Where a session's worktree goes and what it is called (pure): beside the main checkout as
 * `<repo>.<name>` (the Codex CLI's sibling worktrees), on branch `codex/<name>` (the Codex app's
 * branch prefix), NAME given with `--worktree NAME` or else the session's id.
 */
import { basename, dirname, join } from "node:path";

/** The branch prefix of a session's worktree (the Codex app's default). */
export const WORKTREE_BRANCH_PREFIX = "codex/";

/** A worktree's folder and branch. */
export interface WorktreePlace {
  name: string;
  /** `<parent of the main checkout>/<repo>.<name>`. */
  path: string;
  branch: string;
}

/**
 * Why `name` cannot name a worktree, or undefined when it can: letters, digits, `.`, `_` and
 * `-`, starting with a letter or digit, at most 64 characters, so that it makes one folder name
 * and a valid branch name.
 */
export function worktreeNameProblem(name: string): string | undefined {
  if (name === "") return "it is empty";
  if (name.length > 64) return "it is longer than 64 characters";
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name))
    return "it may hold only letters, digits, '.', '_' and '-', and start with a letter or digit";
  if (name.includes("..") || name.endsWith(".") || name.endsWith(".lock"))
    return "it may not hold '..' or end with '.' or '.lock' (git refuses such branch names)";
  return undefined;
}

/** The folder and branch of worktree `name` of the repository whose main checkout is `mainRoot`. */
export function worktreePlace(mainRoot: string, name: string): WorktreePlace {
  return {
    name,
    path: join(dirname(mainRoot), `${basename(mainRoot)}.${name}`),
    branch: `${WORKTREE_BRANCH_PREFIX}${name}`,
  };
}

/**
 * The first free place for a name: `name` itself when NAME was given (taken: none, the caller
 * says so), else the session's id, then `<id>-2`, `<id>-3`, … (a resumed session's second
 * worktree).
 */
export function freePlace(
  mainRoot: string,
  name: string,
  given: boolean,
  taken: (place: WorktreePlace) => boolean,
): WorktreePlace | undefined {
  const first = worktreePlace(mainRoot, name);
  if (!taken(first)) return first;
  if (given) return undefined;
  for (let n = 2; n < 100; n++) {
    const next = worktreePlace(mainRoot, `${name}-${n}`);
    if (!taken(next)) return next;
  }
  return undefined;
}

/** The name a worktree folder `path` of main checkout `mainRoot` was made with, if it was. */
export function worktreeNameOf(mainRoot: string, path: string): string | undefined {
  const prefix = `${basename(mainRoot)}.`;
  const base = basename(path);
  return dirname(path) === dirname(mainRoot) && base.startsWith(prefix)
    ? base.slice(prefix.length)
    : undefined;
}

/** What the person is told about the worktree a session works in. */
export interface WorktreeFacts {
  repo: string;
  branch?: string;
  /** Made by this run's --worktree, from this commit. */
  made?: { base: string };
}

/** "branch codex/x of /path/repo (new, from abc1234)": the worktree a session works in. */
export function worktreeText(worktree: WorktreeFacts): string {
  const branch = worktree.branch ? `branch ${worktree.branch}` : "a detached HEAD";
  const made = worktree.made ? ` (new, from ${worktree.made.base.slice(0, 7)})` : "";
  return `${branch} of ${worktree.repo}${made}`;
}
