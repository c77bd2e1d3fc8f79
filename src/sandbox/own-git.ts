/**
 * The one way mini-codex runs git itself (`/diff`, the `@` file index, …): in a folder a
 * command may have prepared (`git init` plus a hostile `.git/config`), so nothing the
 * repository's config names may run with mini-codex's rights (docs/config.md, "Sandbox").
 */

import { confinedArgs } from "./bwrap-args.js";
import { confinementPlan } from "./confinement-plan.js";
import { commandEnvironment } from "./env-policy.js";
import { gitRoot } from "./git-files.js";
import { probeSandbox } from "./sandbox-engine.js";
import type { SandboxStatus } from "./sandbox-status.js";
import { seatbeltArgs } from "./seatbelt-profile.js";

/** Config that would run a program, turned off (`-c` wins over every config file). */
const NEUTRAL_CONFIG = [
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "core.askPass=",
  "credential.helper=",
  "protocol.allow=never",
  "log.showSignature=false",
];

/** Subcommands that would run the diff programs config or attributes name. */
const DIFFING = new Set(["diff", "log", "show"]);

/** Environment that keeps git from prompting, paging, locking or running an external diff. */
const NEUTRAL_ENV = {
  GIT_PAGER: "cat",
  PAGER: "cat",
  GIT_TERMINAL_PROMPT: "0",
  GIT_OPTIONAL_LOCKS: "0",
};

interface OwnGitOptions {
  cwd: string;
  /** The user's home (its credential folders are masked); default $HOME. */
  home?: string | undefined;
  /** The agents' homes, masked too (PlanInput.hiddenHomes). */
  hiddenHomes?: readonly string[];
  maxBuffer?: number;
  /** Whether and how commands can be confined (default: the session's probe). */
  sandbox?: SandboxStatus;
  /** Exit codes besides 0 that are an answer, not a failure (`diff --no-index` exits 1). */
  answerCodes?: readonly number[];
}

/** git's arguments with every config-named program off (pure). */
export function neutralGitArgs(args: readonly string[]): string[] {
  const [sub, ...rest] = args;
  const diffing = sub !== undefined && DIFFING.has(sub) ? ["--no-ext-diff", "--no-textconv"] : [];
  const config = NEUTRAL_CONFIG.flatMap((entry) => ["-c", entry]);
  return [...config, "--no-pager", ...(sub === undefined ? [] : [sub]), ...diffing, ...rest];
}

/**
 * How to start git for `args` in `cwd`: neutralised always, and inside the read-only sandbox
 * (no network, credentials masked, nothing writable) when the platform's sandbox works (bwrap,
 * Seatbelt), so that whatever config still runs a program (a filter driver) runs as confined as
 * a read-only command.
 */
function ownGitLaunch(args: readonly string[], options: OwnGitOptions, sandbox: SandboxStatus) {
  const git = ["git", ...neutralGitArgs(args)];
  if (!sandbox.ok) return { file: "git", args: git.slice(1) };
  const plan = confinementPlan({
    writable: false,
    workspaceRoots: [gitRoot(options.cwd) ?? options.cwd],
    cwd: options.cwd,
    network: false,
    home: options.home ?? process.env.HOME,
    hiddenHomes: options.hiddenHomes ?? [],
  });
  const wrapped =
    sandbox.engine === "bwrap"
      ? [...confinedArgs(plan), "--"]
      : seatbeltArgs(plan, { processListing: false });
  return { file: sandbox.path, args: [...wrapped, ...git] };
}

/** Run git as `ownGitLaunch` says; rejects like execFile when git fails. */
export async function runGit(
  args: readonly string[],
  options: OwnGitOptions,
): Promise<{ stdout: string }> {
  const launch = ownGitLaunch(args, options, options.sandbox ?? (await probeSandbox()));
  const { execFile } = process.getBuiltinModule("node:child_process");
  const env: Record<string, string> = { ...commandEnvironment(process.env), ...NEUTRAL_ENV };
  delete env.GIT_EXTERNAL_DIFF;
  return new Promise((resolve, reject) => {
    execFile(
      launch.file,
      launch.args,
      { cwd: options.cwd, env, maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024 },
      (error, stdout) => {
        const answered =
          typeof error?.code === "number" && options.answerCodes?.includes(error.code);
        return error && !answered ? reject(error) : resolve({ stdout });
      },
    );
  });
}
