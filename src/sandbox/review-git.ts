import { execFile } from "node:child_process";
import { homedir } from "node:os";
import { confinedArgs } from "./bwrap-args.js";
import { probeBwrap } from "./bwrap-probe.js";
import { confinementPlan } from "./confinement-plan.js";

// git as mini-codex runs it itself (review diffs): nothing a repository's config names may run
// (no fsmonitor, hooks, external diff, textconv, pager, filters), no optional locks (nothing is
// written to .git), and inside a read-only bubblewrap sandbox without network when bwrap works.
// A local stand-in for the one git helper of branch sandbox-holes; switch to it at merge.

/** Config overrides that keep git from running programs a repository's config names. */
const NEUTRAL_CONFIG = [
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "core.untrackedCache=false",
  "diff.external=",
  "core.attributesFile=/dev/null",
].flatMap((setting) => ["-c", setting]);

export interface ReviewGitOptions {
  cwd: string;
  /** The folder the sandbox shows (the repository root); default cwd. */
  root?: string;
  /** $MINI_CODEX_HOME (masked in the sandbox). */
  miniCodexHome?: string;
  maxBytes?: number;
}

/** Environment with nothing that redirects git to other programs or configs. */
function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ["PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"]) {
    if (process.env[key] !== undefined) env[key] = process.env[key];
  }
  return {
    ...env,
    GIT_OPTIONAL_LOCKS: "0",
    GIT_PAGER: "cat",
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_NO_REPLACE_OBJECTS: "1",
  };
}

/** Diff options that never run a configured program (external diff, textconv). */
export const SAFE_DIFF_OPTIONS = ["--no-ext-diff", "--no-textconv", "--no-color"];

/** Run `git args` confined; resolves with stdout, rejects with git's message on failure. */
export async function runReviewGit(
  args: readonly string[],
  options: ReviewGitOptions,
): Promise<string> {
  const bwrap = await probeBwrap();
  const git = ["git", "--no-pager", ...NEUTRAL_CONFIG, ...args];
  let file = "git";
  let argv = git.slice(1);
  if (bwrap.ok) {
    const plan = confinementPlan({
      writable: false,
      workspaceRoots: [options.root ?? options.cwd],
      cwd: options.cwd,
      network: false,
      home: homedir(),
      miniCodexHome: options.miniCodexHome,
    });
    file = bwrap.path;
    argv = [...confinedArgs(plan), "--", ...git];
  }
  return new Promise((resolve, reject) => {
    execFile(
      file,
      argv,
      { cwd: options.cwd, env: gitEnvironment(), maxBuffer: options.maxBytes ?? 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(String(stderr).trim() || error.message));
        else resolve(String(stdout));
      },
    );
  });
}
