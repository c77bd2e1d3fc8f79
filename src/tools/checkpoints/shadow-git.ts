import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { neutralGitArgs } from "../../sandbox/index.js";

const promisedExecFile = () => promisify(execFile);
/** Made at first use: made at load, it would load node:child_process into every launch (exec's start). */
let run: ReturnType<typeof promisedExecFile> | undefined;

/**
 * Git on the shadow repository: the shared neutralising arguments (`neutralGitArgs`: no
 * fsmonitor, hooks, pager, credential helper, external diff or textconv) plus no system or
 * global config at all, so no filter or other config-named program can start. Not run through
 * `runGit`: that confines git read-only with MINI_CODEX_HOME masked, and checkpoints write there.
 */
const SHADOW_CONFIG = [
  "diff.external=",
  "core.autocrlf=false",
  "gc.auto=0",
  "maintenance.auto=false",
];

export interface ShadowRepo {
  /** The repository's own folder (GIT_DIR): never the user's `.git`. */
  gitDir: string;
  /** The folder whose files are recorded. */
  workTree: string;
  /** A private index file (the user's index is never read or written). */
  indexFile: string;
}

/** Run git on the shadow repository; resolves with stdout, rejects with git's stderr. */
export async function shadowGit(repo: ShadowRepo, args: string[], input?: string): Promise<string> {
  return gitWith(shadowPlace(repo), repo.gitDir, repo.workTree, args, input);
}

/** Create the shadow repository (bare: its files live in the workspace, its objects here). */
export async function initShadowRepo(gitDir: string): Promise<void> {
  await gitWith({}, gitDir, gitDir, ["init", "--quiet", "--bare", gitDir]);
}

/** The environment and arguments every git call on a shadow repository gets (see SHADOW_CONFIG). */
export function shadowGitCall(
  where: Record<string, string>,
  home: string,
  args: string[],
): { argv: string[]; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    ...where,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_AUTHOR_NAME: "mini-codex",
    GIT_AUTHOR_EMAIL: "checkpoints@mini-codex.invalid",
    GIT_COMMITTER_NAME: "mini-codex",
    GIT_COMMITTER_EMAIL: "checkpoints@mini-codex.invalid",
  };
  const config = SHADOW_CONFIG.flatMap((pair) => ["-c", pair]);
  return { argv: [...config, ...neutralGitArgs(args)], env };
}

/** GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE of `repo`. */
export function shadowPlace(repo: ShadowRepo): Record<string, string> {
  return { GIT_DIR: repo.gitDir, GIT_WORK_TREE: repo.workTree, GIT_INDEX_FILE: repo.indexFile };
}

async function gitWith(
  where: Record<string, string>,
  home: string,
  cwd: string,
  args: string[],
  input?: string,
): Promise<string> {
  const { argv, env } = shadowGitCall(where, home, args);
  run ??= promisedExecFile();
  const child = run("git", argv, {
    env,
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    encoding: "utf8",
  });
  if (input !== undefined) child.child.stdin?.end(input);
  try {
    return (await child).stdout;
  } catch (error) {
    throw new Error(gitFailure(args[0] ?? "git", error));
  }
}

/**
 * One line for a failed git call: the subcommand and git's own first `fatal:`/`error:` line
 * (never the whole command line with its neutralising `-c` options).
 */
export function gitFailure(subcommand: string, error: unknown): string {
  const stderr = String((error as { stderr?: unknown }).stderr ?? "");
  const lines = stderr.split("\n").map((line) => line.trim());
  const said =
    lines.find((line) => /^(fatal|error):/.test(line)) ??
    lines.find((line) => line !== "") ??
    ((error as NodeJS.ErrnoException).code === "ENOENT"
      ? "git is not installed"
      : (error as Error).message?.split("\n")[0]);
  return `git ${subcommand} failed: ${said}`;
}
