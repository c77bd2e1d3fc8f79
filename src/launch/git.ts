import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CliError } from "./errors.js";
import { EXIT_FAILED } from "./exit-codes.js";

/** The top of the git work tree holding `dir` (where `.git` is), if any; no process spawned. */
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

/** Is `dir` inside a git work tree? */
export function isInsideGitRepo(dir: string): boolean {
  return gitRoot(dir) !== undefined;
}

export function assertGitRepo(dir: string, skip: boolean | undefined): void {
  if (skip || isInsideGitRepo(dir)) return;
  throw new CliError(
    `Not inside a trusted directory: ${dir} is not in a git repository. Run it inside one, or pass --skip-git-repo-check.`,
    EXIT_FAILED,
  );
}
