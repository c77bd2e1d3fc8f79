/**
 * `--worktree [NAME]`: a new git worktree for a session, on a new branch from the current
 * commit, beside the main checkout (worktree-place.ts); the session then works there.
 */
import { existsSync, lstatSync, realpathSync } from "node:fs";
import { join, relative } from "node:path";
import { gitRoot, linkedWorktreeOf } from "../../sandbox/index.js";
import { UsageError } from "../errors.js";
import { isDirectory } from "../working-directory.js";
import { WorktreeError, worktreeGit, worktreeGitOk } from "./worktree-git.js";
import {
  freePlace,
  WORKTREE_BRANCH_PREFIX,
  type WorktreePlace,
  worktreeNameProblem,
} from "./worktree-place.js";

/** What `--worktree [NAME]` asks for. */
export interface WorktreeRequest {
  /** NAME, when given; else the worktree is named after the session. */
  name?: string;
  /** The session it is made for (a new one's id is chosen before it opens). */
  sessionId: string;
}

/** A worktree made for this run. */
export interface MadeWorktree extends WorktreePlace {
  /** Where the session works: the folder it was started in, at the same place in the worktree. */
  cwd: string;
  /** The main checkout, whose repository the worktree shares. */
  repo: string;
  /** The commit it starts from. */
  base: string;
  /** What the person should know before it runs (uncommitted changes left behind). */
  notes: string[];
}

/**
 * `--worktree [NAME]` checked: `true` for the bare flag, the NAME, or undefined without the flag.
 * Commander takes the next word for NAME, so a prompt written right after the flag arrives as a
 * NAME: its error says how to write both (checked before anything else, the prompt included).
 */
export function worktreeFlag(flag: string | boolean | undefined): string | true | undefined {
  if (flag === undefined || flag === false) return undefined;
  if (flag === true) return true;
  const problem = worktreeNameProblem(flag);
  if (problem) {
    throw new UsageError(
      `--worktree ${JSON.stringify(flag)}: not a worktree name (${problem}). --worktree takes the next word as NAME: put a prompt or SESSION_ID before the flag, or write --worktree=NAME`,
    );
  }
  return flag;
}

/** The request `--worktree [NAME]` makes for session `sessionId` (undefined without the flag). */
export function worktreeRequestOf(
  flag: string | boolean | undefined,
  sessionId: string,
): WorktreeRequest | undefined {
  const name = worktreeFlag(flag);
  if (name === undefined) return undefined;
  return name === true ? { sessionId } : { name, sessionId };
}

const realOr = (path: string) => (existsSync(path) ? realpathSync(path) : path);

/** Whether something is at `path` (a broken link too). */
function occupied(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Make the worktree `request` names for a session started in `source`: a new branch from the
 * commit checked out there, the folder beside the main checkout. Uncommitted changes of `source`
 * are not carried (the worktree starts from HEAD): a note says so. Fails with what to do when
 * `source` is not in a git repository, has no commit, or the NAME is taken.
 */
export async function makeWorktree(
  source: string,
  request: WorktreeRequest,
): Promise<MadeWorktree> {
  const top = gitRoot(source);
  if (top === undefined) {
    throw new WorktreeError(
      `--worktree needs a git repository, and ${source} is not in one (run it inside a repository, or drop --worktree)`,
    );
  }
  const topReal = realOr(top);
  const repo = linkedWorktreeOf(top)?.mainRoot ?? topReal;
  const head = await worktreeGit(top, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  if (head.code !== 0) {
    throw new WorktreeError(
      `--worktree starts the worktree from the current commit, and ${topReal} has none yet: commit first`,
    );
  }
  const base = head.stdout.trim();
  const branches = new Set(
    (
      await worktreeGitOk(
        top,
        ["for-each-ref", "--format=%(refname:short)", `refs/heads/${WORKTREE_BRANCH_PREFIX}`],
        "cannot list the branches",
      )
    )
      .split("\n")
      .filter(Boolean),
  );
  const given = request.name !== undefined;
  const name = request.name ?? request.sessionId;
  const place = freePlace(repo, name, given, (at) => occupied(at.path) || branches.has(at.branch));
  if (!place) {
    const wanted = freePlace(repo, name, true, () => false);
    const what = wanted && occupied(wanted.path) ? wanted.path : `branch ${wanted?.branch}`;
    throw new WorktreeError(
      `worktree name ${name} is taken (${what} exists): choose another with --worktree NAME, or remove that one first (/worktree remove ${name})`,
    );
  }
  const status = await worktreeGitOk(
    top,
    ["status", "--porcelain", "--untracked-files=normal"],
    `cannot read the state of ${topReal}`,
  );
  await worktreeGitOk(
    top,
    ["worktree", "add", "--quiet", "-b", place.branch, place.path, base],
    `cannot make the worktree ${place.path}`,
  );
  const below = relative(topReal, realOr(source));
  const cwd =
    below !== "" && isDirectory(join(place.path, below)) ? join(place.path, below) : place.path;
  const short = base.slice(0, 7);
  const notes =
    status.trim() === ""
      ? []
      : [
          `the worktree starts from the last commit (${short}): the uncommitted changes in ${topReal} are not in it`,
        ];
  return { ...place, cwd, repo, base, notes };
}
