import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CliError } from "../cli/errors.js";

/** Is `dir` inside a git work tree? (looks for `.git` upwards; no process spawned) */
export function isInsideGitRepo(dir: string): boolean {
  let current = resolve(dir);
  for (;;) {
    try {
      statSync(join(current, ".git"));
      return true;
    } catch {
      // keep walking up
    }
    const parent = dirname(current);
    if (parent === current) return false;
    current = parent;
  }
}

export function assertGitRepo(dir: string, skip: boolean | undefined): void {
  if (skip || isInsideGitRepo(dir)) return;
  throw new CliError(
    `Not inside a trusted directory: ${dir} is not in a git repository. Run it inside one, or pass --skip-git-repo-check.`,
    1,
  );
}
