import { readFileSync, realpathSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ConfinementPlan } from "./bwrap-args.js";

/** Credential folders below $HOME a command never sees (beyond the Codex CLI, which shows them). */
export const MASKED_HOME_PATHS = [".ssh", ".aws", ".gnupg", ".config/gh", ".docker"];

export interface PlanInput {
  /** read-only: the roots are visible but not writable. */
  writable: boolean;
  /** cwd and each --add-dir (absolute). */
  workspaceRoots: string[];
  /** Where the command runs (absolute, inside a root). */
  cwd: string;
  network: boolean;
  /** The user's home: its credential folders are masked. */
  home: string | undefined;
  /** $MINI_CODEX_HOME: sessions and ledgers, masked too. */
  miniCodexHome: string | undefined;
}

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function kindOf(path: string): "dir" | "file" | undefined {
  try {
    return statSync(path).isDirectory() ? "dir" : "file";
  } catch {
    return undefined;
  }
}

/** `.git` of a root and, for a worktree (a `.git` file), the `gitdir:` it points to. */
export function gitPaths(root: string): string[] {
  const dotGit = join(root, ".git");
  const kind = kindOf(dotGit);
  if (kind === "dir") return [dotGit];
  if (kind !== "file") return [];
  const match = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, "utf8"));
  const target = match?.[1] ? real(resolve(root, match[1].trim())) : undefined;
  return target ? [dotGit, target] : [dotGit];
}

/** The confinement of one command, from what exists on disk right now. */
export function confinementPlan(input: PlanInput): ConfinementPlan {
  const roots = [...new Set(input.workspaceRoots.map((root) => real(root) ?? root))];
  const masks = [
    ...(input.home ? MASKED_HOME_PATHS.map((path) => join(input.home as string, path)) : []),
    ...(input.miniCodexHome ? [input.miniCodexHome] : []),
  ];
  const maskedDirs: string[] = [];
  const maskedFiles: string[] = [];
  for (const mask of masks) {
    const path = real(mask);
    if (path === undefined) continue;
    (kindOf(path) === "dir" ? maskedDirs : maskedFiles).push(path);
  }
  return {
    writableRoots: input.writable ? roots : [],
    readableRoots: input.writable ? [] : roots,
    readOnlyPaths: input.writable ? roots.flatMap(gitPaths) : [],
    maskedDirs,
    maskedFiles,
    boundLast: [],
    network: input.network,
    cwd: real(input.cwd) ?? input.cwd,
  };
}
