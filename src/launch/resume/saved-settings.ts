import { resolve } from "node:path";
import { type ReasoningEffort, reasoningEffortSchema } from "../../protocol/index.js";
import type { SandboxMode } from "../../sandbox/index.js";
import type { SavedSession, SessionWorktree } from "../../session/index.js";
import {
  findLatestSession,
  findSessionById,
  readSessionSettings,
  SessionFileError,
  SessionLockedError,
  SessionStorageError,
} from "../../session/index.js";
import { APPROVAL_POLICIES, SANDBOX_MODES } from "../../settings/index.js";
import type { ApprovalPolicy } from "../../tools/index.js";
import type { ConfigOverride } from "../config/index.js";
import { CliError } from "../errors.js";
import { EXIT_FAILED } from "../exit-codes.js";
import type { SharedFlags } from "../flags.js";
import { resolveHome } from "../home.js";

/** A session id, or the newest session of the working directory (of any with `anyDirectory`). */
export type ResumeTarget = { id: string } | { last: true; anyDirectory?: boolean };

/** What a saved session ran on last: a resume or a fork comes back on it. */
export interface SavedSettings {
  id: string;
  /** Its session file. */
  path: string;
  /** The directory it ran in (last: a `resume --worktree` moved it). */
  cwd: string;
  /** The git worktree that directory is in, when the session recorded one. */
  worktree?: SessionWorktree;
  model: string;
  effort?: ReasoningEffort;
  provider: string;
  /** Absent in session files written before they were recorded. */
  sandbox?: SandboxMode;
  approvalPolicy?: ApprovalPolicy;
}

/** Session-file problems are the person's to see, not crashes: exit 1 with the message. */
export function asCliError(error: unknown): unknown {
  if (
    error instanceof SessionFileError ||
    error instanceof SessionLockedError ||
    error instanceof SessionStorageError
  ) {
    return new CliError(error.message, EXIT_FAILED);
  }
  return error;
}

/** The session file a target names (`--last`: the newest of `cwd`, or of any directory). */
export function findSavedSession(home: string, cwd: string, target: ResumeTarget): string {
  try {
    return "last" in target
      ? findLatestSession(home, target.anyDirectory ? undefined : cwd)
      : findSessionById(home, target.id);
  } catch (error) {
    throw asCliError(error);
  }
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined) =>
  values.find((known) => known === value);

/**
 * The saved session a resume or fork names, found before anything starts (`--last`: the newest
 * of -C/--cd or the current directory), with what it ran on.
 */
export function savedSessionFor(
  flags: Pick<SharedFlags, "cd">,
  target: ResumeTarget,
  env: NodeJS.ProcessEnv = process.env,
): SavedSettings {
  const cwd = resolve(flags.cd ?? process.cwd());
  return readSavedSettings(findSavedSession(resolveHome(env), cwd, target));
}

/** What the session file at `path` ran on last (its header, then its last `settings` line). */
export function readSavedSettings(path: string): SavedSettings {
  try {
    return savedSettingsOf(path, readSessionSettings(path));
  } catch (error) {
    throw asCliError(error);
  }
}

/** The saved settings of a session file already read. */
export function savedSettingsOf(
  path: string,
  { meta, settings, moved }: Pick<SavedSession, "meta" | "settings" | "moved">,
): SavedSettings {
  const worktree = moved?.worktree ?? meta.worktree;
  const effort = reasoningEffortSchema().safeParse(settings.effort);
  const sandbox = oneOf(SANDBOX_MODES, meta.sandbox);
  const approvalPolicy = oneOf(APPROVAL_POLICIES, meta.approval_policy);
  return {
    id: meta.id,
    path,
    cwd: moved?.cwd ?? meta.cwd,
    ...(worktree ? { worktree } : {}),
    model: settings.model,
    provider: meta.provider,
    ...(effort.success ? { effort: effort.data } : {}),
    ...(sandbox ? { sandbox } : {}),
    ...(approvalPolicy ? { approvalPolicy } : {}),
  };
}

/**
 * The saved settings as config values, for the keys the command line (flags, `-c`, `-p`) does
 * not set: they sit over config.toml, under the command line. An effort belongs to its model:
 * a model chosen on the command line takes the effort configured for it.
 */
export function savedConfigOverrides(
  saved: SavedSettings,
  setOnCommandLine: (key: string) => boolean,
): ConfigOverride[] {
  const values: Array<[string, string | undefined]> = [
    ["model_provider", saved.provider],
    ["model", saved.model],
    ["model_reasoning_effort", setOnCommandLine("model") ? undefined : saved.effort],
    ["sandbox_mode", saved.sandbox],
    ["approval_policy", saved.approvalPolicy],
  ];
  return values.flatMap(([key, value]) =>
    value === undefined || setOnCommandLine(key) ? [] : [{ path: [key], value }],
  );
}

/** What a resumed session runs on now, to compare with what it ran on. */
interface ResumedAs {
  model: string;
  effort?: string;
  provider: string;
  sandbox: SandboxMode;
  approvalPolicy: ApprovalPolicy;
}

/**
 * One line per setting this run changes of the saved session's (a flag on the resume command
 * line, or the settings of the TUI it is resumed in), for the person to see before it runs.
 */
export function resumeChanges(saved: SavedSettings, now: ResumedAs): string[] {
  const pairs: Array<[string, string | undefined, string | undefined]> = [
    ["provider", saved.provider, now.provider],
    ["model", saved.model, now.model],
    ["reasoning effort", saved.effort ?? "none", now.effort ?? "none"],
    ["sandbox", saved.sandbox, now.sandbox],
    ["approval policy", saved.approvalPolicy, now.approvalPolicy],
  ];
  return pairs.flatMap(([what, before, after]) =>
    before === undefined || before === after
      ? []
      : [`${what} ${after} for this run (the session ran with ${before})`],
  );
}
