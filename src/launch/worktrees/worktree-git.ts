/**
 * The git a worktree's making, listing and removal run: the person's git on their repository
 * (it writes `.git/worktrees`, branches and the new folder, so it is not confined), with every
 * program the repository's config could name for these commands off (`neutralGitArgs`: hooks,
 * fsmonitor, pager, credential helper) and no prompt.
 */

import { neutralGitArgs } from "../../sandbox/index.js";
import { CliError } from "../errors.js";
import { EXIT_FAILED } from "../exit-codes.js";

/** A worktree that cannot be made, found or removed: the message says why and what to do. */
export class WorktreeError extends CliError {
  constructor(message: string) {
    super(message, EXIT_FAILED);
    this.name = "WorktreeError";
  }
}

interface GitAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

/** Variables that would point git at another repository, index or work tree than `cwd`'s. */
const REDIRECTING = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR"];

/**
 * Run git in `cwd`; resolves with its exit code and output whatever the code (the caller
 * decides what a code means), rejects with a WorktreeError when git is missing.
 */
export function worktreeGit(cwd: string, args: readonly string[]): Promise<GitAnswer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    LC_ALL: "C",
  };
  for (const name of REDIRECTING) delete env[name];
  // loaded at first use: only a run with --worktree or /worktree starts git
  const { execFile } = process.getBuiltinModule("node:child_process");
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      neutralGitArgs(args),
      { cwd, env, maxBuffer: 16 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code === "ENOENT")
          return reject(
            new WorktreeError("--worktree needs git, and git was not found (is it installed?)"),
          );
        if (error && typeof code !== "number")
          return reject(new WorktreeError(`git ${args[0]} failed: ${error.message}`));
        resolve({ code: typeof code === "number" ? code : 0, stdout, stderr });
      },
    );
  });
}

/** Run git and fail with `what` and git's own words unless it exits 0; resolves with stdout. */
export async function worktreeGitOk(
  cwd: string,
  args: readonly string[],
  what: string,
): Promise<string> {
  const answer = await worktreeGit(cwd, args);
  if (answer.code === 0) return answer.stdout;
  const said = answer.stderr.trim().split("\n").at(-1) ?? "";
  throw new WorktreeError(`${what}: ${said || `git ${args[0]} exited ${answer.code}`}`);
}
