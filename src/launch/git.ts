import { gitRoot } from "../sandbox/index.js";
import { CliError } from "./errors.js";
import { EXIT_FAILED } from "./exit-codes.js";

/** Is `dir` inside a git work tree? */
function isInsideGitRepo(dir: string): boolean {
  return gitRoot(dir) !== undefined;
}

export function assertGitRepo(dir: string, skip: boolean | undefined): void {
  if (skip || isInsideGitRepo(dir)) return;
  throw new CliError(
    `Not inside a trusted directory: ${dir} is not in a git repository. Run it inside one, or pass --skip-git-repo-check.`,
    EXIT_FAILED,
  );
}
