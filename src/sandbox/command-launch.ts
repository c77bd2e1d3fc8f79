import { confinedArgs, fullAccessArgs } from "./bwrap-args.js";
import { type ConfinementPlan, confinementPlan } from "./confinement-plan.js";
import type { SandboxMode } from "./modes.js";
import { privateTempFolder } from "./private-temp.js";
import type { ProtectedPath } from "./protected-paths.js";
import { type SandboxStatus, unavailableMessage } from "./sandbox-status.js";
import { seatbeltArgs } from "./seatbelt-profile.js";

/** What the sandbox knows about the session, fixed at start. */
export interface SandboxSettings {
  /** `[sandbox_workspace_write] network_access`: keep the network in workspace-write. */
  networkAccess: boolean;
  home: string | undefined;
  /** The agents' homes a command never sees (PlanInput.hiddenHomes). */
  hiddenHomes: readonly string[];
  /** $XDG_RUNTIME_DIR: its sockets (session bus, agents) are masked. */
  runtimeDir?: string | undefined;
  /** `[sandbox_macos] process_listing`: under Seatbelt, ps and pgrep see every process. */
  processListing?: boolean;
  /** What runs unconfined (protectedPaths): read-only to commands inside the writable roots. */
  protectedPaths?: readonly ProtectedPath[];
}

interface LaunchInput {
  mode: SandboxMode;
  command: string;
  /** Absolute, already checked to be inside the workspace (unless danger-full-access). */
  cwd: string;
  workspaceRoots: string[];
  settings: SandboxSettings;
  /** What confines commands here (the session's probe). */
  sandbox: SandboxStatus;
  /**
   * The login-environment snapshot (docs/config.md): the command runs `bash -c`, the file is
   * visible read-only in the sandbox, and the caller sets BASH_ENV to it. Absent: `bash -lc`.
   */
  snapshot?: string;
  /** The shell (default bash) and whether it starts as a login shell (default true). */
  shell?: string;
  login?: boolean;
  /** The command has its own pseudo-terminal (exec_command with tty): it keeps it. */
  terminal?: boolean;
  /** The writable roots' hard-linked files (linkedFileBinds), bound read-only. */
  linked?: readonly string[];
  /** Seatbelt: the writable temp folder (default: the session's, made at the first command). */
  privateTemp?: string;
}

/** How to start a command: a program, its arguments and the variables the sandbox sets. */
type Launch =
  | {
      file: string;
      args: string[];
      viaBwrap: boolean;
      confined: boolean;
      networkBlocked: boolean;
      /** Set on the command by the sandbox (Seatbelt: TMPDIR, MINI_CODEX_SANDBOX). */
      env?: Record<string, string>;
    }
  | { refused: string };

/** The variables a command under Seatbelt gets: its temp folder, and whose sandbox it is in. */
function seatbeltEnv(plan: ConfinementPlan): Record<string, string> {
  return {
    ...(plan.privateTemp ? { TMPDIR: plan.privateTemp } : {}),
    MINI_CODEX_SANDBOX: "seatbelt",
  };
}

/**
 * Wrap `bash -lc command` (`bash -c` with a snapshot) for the mode: confined modes need the
 * platform's sandbox (bwrap, Seatbelt) and refuse without it; danger-full-access uses bwrap only
 * to tie the command's processes to mini-codex's life.
 */
export function commandLaunch(input: LaunchInput): Launch {
  const { sandbox, mode } = input;
  const login = input.login !== false && !input.snapshot;
  const shell = (command: string) => [input.shell ?? "bash", login ? "-lc" : "-c", command];
  const unconfined = { viaBwrap: false, confined: false, networkBlocked: false };
  if (mode === "danger-full-access") {
    if (!sandbox.ok || sandbox.engine !== "bwrap")
      return { file: input.shell ?? "bash", args: shell(input.command).slice(1), ...unconfined };
    const args = [...fullAccessArgs(input.cwd), "--", ...shell(input.command)];
    return { file: sandbox.path, args, ...unconfined, viaBwrap: true };
  }
  if (!sandbox.ok) return { refused: unavailableMessage(sandbox, mode) };
  const writable = mode === "workspace-write";
  const network = writable && input.settings.networkAccess;
  const plan = confinementPlan({
    writable,
    workspaceRoots: input.workspaceRoots,
    cwd: input.cwd,
    network,
    home: input.settings.home,
    hiddenHomes: input.settings.hiddenHomes,
    runtimeDir: input.settings.runtimeDir,
    ...(input.linked ? { linked: input.linked } : {}),
    ...(input.settings.protectedPaths ? { protectedPaths: input.settings.protectedPaths } : {}),
  });
  if (plan.refusal) return { refused: plan.refusal };
  if (input.snapshot) plan.boundLast.push(input.snapshot);
  if (input.terminal) plan.keepTerminal = true;
  const confined = { confined: true, networkBlocked: !network };
  if (sandbox.engine === "bwrap") {
    const args = [...confinedArgs(plan), "--", ...shell(input.command)];
    return { file: sandbox.path, args, viaBwrap: true, ...confined };
  }
  plan.privateTemp = input.privateTemp ?? privateTempFolder();
  const knobs = { processListing: input.settings.processListing === true };
  const args = [...seatbeltArgs(plan, knobs), ...shell(input.command)];
  return { file: sandbox.path, args, viaBwrap: false, ...confined, env: seatbeltEnv(plan) };
}
