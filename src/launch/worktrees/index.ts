/**
 * Session worktrees (`--worktree [NAME]`, `/worktree`; docs/config.md, "Worktrees"): where one
 * goes and what it is called (worktree-place.ts, pure), making one for a session
 * (worktree-create.ts; the runtime works in it), listing a repository's with the sessions in them
 * (worktree-list.ts) and removing a finished one (worktree-remove.ts), all through the git of
 * worktree-git.ts. The sandbox needs nothing of its own for them: a worktree's `.git` file, its
 * git directory and the shared repository are git's own files (sandbox/git-files.ts).
 */

export {
  type MadeWorktree,
  makeWorktree,
  type WorktreeRequest,
  worktreeFlag,
  worktreeRequestOf,
} from "./worktree-create.js";
export {
  type ListedWorktree,
  listWorktrees,
  parseWorktreeList,
} from "./worktree-list.js";
export {
  freePlace,
  type WorktreeFacts,
  worktreeNameOf,
  worktreeNameProblem,
  worktreePlace,
  worktreeText,
} from "./worktree-place.js";
export {
  heldWork,
  type RemovalAction,
  removalQuestion,
  removalTarget,
  removeWorktree,
} from "./worktree-remove.js";
