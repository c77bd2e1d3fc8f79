import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { runGit } from "../../sandbox/index.js";

/** Outside a git repository the walk stops here (a home directory must not hang the popup). */
const WALK_LIMIT = 200_000;
const SKIPPED_DIRS = new Set([".git", "node_modules", ".hg", ".svn", "dist", "target"]);

/**
 * The workspace's files for `@` mentions, relative to `cwd`: what git tracks plus untracked
 * files it does not ignore (so .gitignore holds); a bounded walk outside a repository.
 */
export async function listWorkspaceFiles(cwd: string): Promise<string[]> {
  try {
    const { stdout } = await runGit(
      ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--deduplicate"],
      { cwd, maxBuffer: 256 * 1024 * 1024 },
    );
    return stdout.split("\0").filter(Boolean);
  } catch {
    return walk(cwd);
  }
}

async function walk(root: string): Promise<string[]> {
  const files: string[] = [];
  const pending = [root];
  while (pending.length > 0 && files.length < WALK_LIMIT) {
    const dir = pending.pop() as string;
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) pending.push(path);
      } else if (files.length < WALK_LIMIT) files.push(relative(root, path));
    }
  }
  return files.sort();
}
