import { confinedArgs, fullAccessArgs } from "./bwrap-args.js";
import { type BwrapStatus, unavailableMessage } from "./bwrap-probe.js";
import { confinementPlan } from "./confinement-plan.js";
import type { SandboxMode } from "./modes.js";

/** What the sandbox knows about the session, fixed at start. */
export interface SandboxSettings {
  /** `[sandbox_workspace_write] network_access`: keep the network in workspace-write. */
  networkAccess: boolean;
  home: string | undefined;
  miniCodexHome: string | undefined;
  /** $XDG_RUNTIME_DIR: its sockets (session bus, agents) are masked. */
  runtimeDir?: string | undefined;
}

export interface LaunchInput {
  mode: SandboxMode;
  command: string;
  /** Absolute, already checked to be inside the workspace (unless danger-full-access). */
  cwd: string;
  workspaceRoots: string[];
  settings: SandboxSettings;
  bwrap: BwrapStatus;
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
}

/** How to start a command: a program and its arguments, or why it may not run. */
export type Launch =
  | { file: string; args: string[]; viaBwrap: boolean; confined: boolean; networkBlocked: boolean }
  | { refused: string };

/**
 * Wrap `bash -lc command` (`bash -c` with a snapshot) for the mode: confined modes need bwrap
 * and refuse without it; danger-full-access uses bwrap only to tie the command's processes to
 * mini-codex's life.
 */
export function commandLaunch(input: LaunchInput): Launch {
  const { bwrap, mode } = input;
  const login = input.login !== false && !input.snapshot;
  const shell = (command: string) => [input.shell ?? "bash", login ? "-lc" : "-c", command];
  if (mode === "danger-full-access") {
    if (!bwrap.ok)
      return {
        file: input.shell ?? "bash",
        args: shell(input.command).slice(1),
        viaBwrap: false,
        confined: false,
        networkBlocked: false,
      };
    return {
      file: bwrap.path,
      args: [...fullAccessArgs(input.cwd), "--", ...shell(input.command)],
      viaBwrap: true,
      confined: false,
      networkBlocked: false,
    };
  }
  if (!bwrap.ok) return { refused: unavailableMessage(bwrap.why, mode) };
  const writable = mode === "workspace-write";
  const network = writable && input.settings.networkAccess;
  const plan = confinementPlan({
    writable,
    workspaceRoots: input.workspaceRoots,
    cwd: input.cwd,
    network,
    home: input.settings.home,
    miniCodexHome: input.settings.miniCodexHome,
    runtimeDir: input.settings.runtimeDir,
    ...(input.linked ? { linked: input.linked } : {}),
  });
  if (plan.refusal) return { refused: plan.refusal };
  if (input.snapshot) plan.boundLast.push(input.snapshot);
  if (input.terminal) plan.keepTerminal = true;
  return {
    file: bwrap.path,
    args: [...confinedArgs(plan), "--", ...shell(input.command)],
    viaBwrap: true,
    confined: true,
    networkBlocked: !network,
  };
}
