/**
 * Removing a finished worktree (`/worktree remove`): which one a word names, whether to ask
 * first and with which answers (pure), and the removal itself (`git worktree remove`, then the
 * branch deleted when it is merged or the person chose so).
 */
import { basename, resolve } from "node:path";
import { worktreeGit, worktreeGitOk } from "./worktree-git.js";
import type { ListedWorktree } from "./worktree-list.js";
import { WORKTREE_BRANCH_PREFIX, worktreeNameOf } from "./worktree-place.js";

/** What to do with a worktree. */
export type RemovalAction = "keep" | "remove" | "remove-and-delete-branch";

/** The question asked before a removal that would lose work; the first answer keeps it. */
interface RemovalQuestion {
  title: string;
  answers: ReadonlyArray<{ text: string; action: RemovalAction }>;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** What removing a worktree would lose, a phrase each ("2 uncommitted changes", …); none: []. */
export function heldWork(worktree: Pick<ListedWorktree, "changes" | "unmerged">): string[] {
  return [
    ...(worktree.changes > 0 ? [plural(worktree.changes, "uncommitted change")] : []),
    ...(worktree.unmerged > 0
      ? [`${plural(worktree.unmerged, "commit")} not in the main checkout`]
      : []),
  ];
}

/**
 * The worktree `word` names (its path, folder name, NAME, or branch), or why it cannot be
 * removed from here (pure).
 */
export function removalTarget(
  worktrees: readonly ListedWorktree[],
  word: string,
  cwd: string,
): { worktree: ListedWorktree } | { problem: string } {
  const main = worktrees.find((w) => w.main);
  const names = (w: ListedWorktree) => [
    w.path,
    basename(w.path),
    ...(main ? [worktreeNameOf(main.path, w.path)] : []),
    ...(w.branch ? [w.branch, w.branch.replace(WORKTREE_BRANCH_PREFIX, "")] : []),
  ];
  const path = resolve(cwd, word);
  const found = worktrees.filter((w) => w.path === path || names(w).includes(word));
  const [worktree] = found;
  if (!worktree) return { problem: `no worktree ${word} (/worktree lists them)` };
  if (found.length > 1)
    return { problem: `${word} names ${found.length} worktrees: give its path` };
  if (worktree.main) return { problem: `${worktree.path} is the main checkout: it is not removed` };
  if (worktree.current)
    return {
      problem: `this session works in ${worktree.path}: remove it from another session (quit, then /worktree in the repository)`,
    };
  if (worktree.locked) return { problem: `${worktree.path} is locked (git worktree unlock first)` };
  return { worktree };
}

/**
 * Whether removing `worktree` asks first, and with what (pure): a clean worktree whose commits
 * the main checkout has goes without a question (its branch deleted); one with uncommitted
 * changes or unmerged commits asks, "No, keep it" first and highlighted.
 */
export function removalQuestion(worktree: ListedWorktree): RemovalQuestion | undefined {
  if (worktree.prunable || (worktree.changes === 0 && worktree.unmerged === 0)) return undefined;
  const held = heldWork(worktree).join(" and ");
  const branch = worktree.branch;
  const lost = worktree.changes > 0 ? " (its uncommitted changes are lost)" : "";
  return {
    title: `${worktree.path} holds ${held}. Remove it?`,
    answers: [
      { text: "No, keep it", action: "keep" },
      ...(branch
        ? [
            { text: `Remove the folder, keep branch ${branch}${lost}`, action: "remove" as const },
            {
              text: `Remove the folder and delete branch ${branch}: all of it is lost`,
              action: "remove-and-delete-branch" as const,
            },
          ]
        : [{ text: `Remove it: all of it is lost`, action: "remove" as const }]),
    ],
  };
}

/**
 * Remove `worktree` (`main`: the main checkout, where git runs). Without a question (`action`
 * absent) its merged branch is deleted too; "remove" keeps the branch. Resolves with what was
 * done, one line each.
 */
export async function removeWorktree(
  worktree: ListedWorktree,
  main: string,
  action?: Exclude<RemovalAction, "keep">,
): Promise<string[]> {
  const done: string[] = [];
  if (worktree.prunable) {
    await worktreeGitOk(main, ["worktree", "prune"], "cannot prune the worktree's record");
    done.push(`${worktree.path} was already gone: pruned its record`);
  } else {
    const force = worktree.changes > 0 ? ["--force"] : [];
    await worktreeGitOk(
      main,
      ["worktree", "remove", ...force, worktree.path],
      `cannot remove ${worktree.path}`,
    );
    done.push(`Removed ${worktree.path}`);
  }
  const branch = worktree.branch;
  if (!branch) return done;
  if (action === "remove") return [...done, `kept branch ${branch}`];
  const deleteFlag = action === "remove-and-delete-branch" ? "-D" : "-d";
  const deleted = await worktreeGit(main, ["branch", deleteFlag, branch]);
  const why = deleted.stderr.trim().split("\n")[0];
  return [
    ...done,
    deleted.code === 0 ? `deleted branch ${branch}` : `kept branch ${branch}: ${why}`,
  ];
}
