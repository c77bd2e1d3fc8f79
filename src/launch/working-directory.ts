import { realpathSync, statSync } from "node:fs";
import { resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createScratchWorkspace } from "../demo/index.js";
import { CliError } from "./errors.js";
import { EXIT_FAILED } from "./exit-codes.js";
import type { SharedFlags } from "./flags.js";
import type { SavedSettings } from "./resume/index.js";

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function existingDir(path: string, flag: string): string {
  if (isDirectory(path)) return path;
  throw new CliError(`${flag} ${path}: no such directory`, EXIT_FAILED);
}

/** mini-codex's own package folder (src/launch, dist/launch and dist/bundle sit at the same depth). */
function ownCheckout(): string {
  return realpathSync(fileURLToPath(new URL("../../", import.meta.url)));
}

/** Whether `dir` is `root` or inside it. */
function inside(dir: string, root: string): boolean {
  const real = isDirectory(dir) ? realpathSync(dir) : dir;
  const base = root.endsWith(sep) ? root.slice(0, -1) : root;
  return real === base || real.startsWith(base + sep);
}

/** What to do when a saved session's directory is gone (its worktree removed, say). */
export function goneMessage(saved: Pick<SavedSettings, "id" | "cwd" | "worktree">): string {
  return saved.worktree
    ? `session ${saved.id} ran in the worktree ${saved.worktree.root}, which is gone (removed?): pass --worktree to continue it in a new worktree, or -C/--cd DIR to resume it in another folder`
    : `session ${saved.id} ran in ${saved.cwd}, which is no longer a directory: pass -C/--cd DIR to resume it in another one`;
}

/** A saved session about to run, and where: its own directory, or the one in use now. */
export interface ResumedIn {
  saved: SavedSettings;
  inItsDirectory: boolean;
  /**
   * The TUI's folder in use now (a session opened in another folder): "the current directory"
   * there, where the choice names it; else the process's.
   */
  current?: string;
}

interface WorkingDirectoryInput {
  flags: Pick<SharedFlags, "cd">;
  resumed?: ResumedIn;
  /** The provider is the embedded demo. */
  startsDemo: boolean;
  warn(message: string): void;
  /** Record the scratch repository the demo makes as a trusted folder. */
  trustScratch?(dir: string): void;
  /** mini-codex's own checkout (tests name another folder). */
  checkout?: string;
}

/**
 * -C/--cd; else a resumed session's own directory when asked for; else the current one (the
 * TUI's folder in use when it names one) — but
 * the demo never works in mini-codex's own checkout unless -C names it: there it works in the
 * resumed session's directory or a fresh scratch repository, and says so first.
 */
export function workingDirectory(input: WorkingDirectoryInput): string {
  if (input.flags.cd !== undefined) return existingDir(resolve(input.flags.cd), "--cd");
  const saved = input.resumed?.saved;
  if (saved && input.resumed?.inItsDirectory) {
    if (isDirectory(saved.cwd)) return saved.cwd;
    throw new CliError(goneMessage(saved), EXIT_FAILED);
  }
  const current = input.resumed?.current;
  if (current !== undefined) return existingDir(current, "the folder in use,");
  const cwd = existingDir(resolve(process.cwd()), "--cd");
  // only the demo asks where mini-codex itself lives (a realpath: a walk of stats)
  if (!input.startsDemo) return cwd;
  const checkout = input.checkout ?? ownCheckout();
  if (!inside(cwd, checkout)) return cwd;
  const theirs = saved && isDirectory(saved.cwd) && !inside(saved.cwd, checkout);
  const dir = theirs ? saved.cwd : createScratchWorkspace();
  if (!theirs) input.trustScratch?.(dir);
  const what = theirs ? "the session's directory" : "a scratch repository";
  input.warn(
    `the demo does not write into mini-codex's own checkout: working in ${what}, ${dir} (-C DIR to choose)`,
  );
  return dir;
}
