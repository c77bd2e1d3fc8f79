// The git worktree a session works in, as its session file records it (header and `worktree` lines).
import { z } from "zod";
import { lazy } from "../../protocol/index.js";

/**
 * The git worktree a session works in, as its file records it: the header's `worktree` for a
 * session started in one, and a `{type:"worktree", cwd, worktree}` line when a resumed session
 * moves to a new one (`resume --worktree`). The last one read is where a resume goes back to.
 */
export interface SessionWorktree {
  /** The worktree's top folder. */
  root: string;
  /** The main checkout whose repository it shares. */
  repo: string;
  /** Its branch (absent: a detached HEAD). */
  branch?: string;
}

export const sessionWorktreeSchema = lazy(() =>
  z.looseObject({ root: z.string(), repo: z.string(), branch: z.string().optional() }),
);

/** A session moved to another directory in a worktree from this line on. */
export interface WorktreeLine {
  type: "worktree";
  cwd: string;
  worktree: SessionWorktree;
}

const worktreeLineSchema = lazy(() =>
  z.looseObject({
    type: z.literal("worktree"),
    cwd: z.string(),
    worktree: sessionWorktreeSchema(),
  }),
);

/** The JSON line that records the move (no newline). */
export function worktreeLine(cwd: string, worktree: SessionWorktree): string {
  return JSON.stringify({ type: "worktree", cwd, worktree: sessionWorktreeOf(worktree) });
}

/** Only the recorded fields, in their order. */
export function sessionWorktreeOf(worktree: SessionWorktree): SessionWorktree {
  const { root, repo, branch } = worktree;
  return { root, repo, ...(branch ? { branch } : {}) };
}

/** The move a parsed line records, or undefined when it is not a `worktree` line. */
export function worktreeLineOf(value: unknown): WorktreeLine | undefined {
  if ((value as { type?: unknown } | null)?.type !== "worktree") return undefined;
  const parsed = worktreeLineSchema().safeParse(value);
  if (!parsed.success) return undefined;
  return {
    type: "worktree",
    cwd: parsed.data.cwd,
    worktree: sessionWorktreeOf(parsed.data.worktree),
  };
}
