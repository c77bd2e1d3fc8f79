import { stat } from "node:fs/promises";
import type { SandboxMode, SandboxStatus } from "../sandbox/index.js";
import {
  commandEnvironment,
  commandLaunch,
  linkedFileBinds,
  probeSandbox,
  type SandboxSettings,
} from "../sandbox/index.js";
import { defaultSettings, type Settings } from "../settings/index.js";
import { ToolError } from "./errors.js";
import { LoginSnapshot } from "./shell-snapshot.js";
import type { ToolContext, ToolNeeds, Verdict } from "./types.js";
import { displayPath, resolveWorkdir } from "./workspace.js";

/**
 * How every model-run command starts (shell_command and exec_command alike): the sandbox, the
 * scrubbed environment and the login snapshot. The gate and the unsandboxed retry are the
 * tool-call pipeline's (src/turn/tool-calls).
 */
export interface CommandLaunchOptions {
  /**
   * The run's settings (default: nothing configured): `[shell_environment_policy]` (the API keys
   * are removed whatever it says), `[features] shell_snapshot`, the sandbox's network access and
   * process listing, and what the tools read of `shell_*`.
   */
  config?: Settings;
  /** Extra environment variables for every command (after the policy). */
  env?: Record<string, string>;
  /** Variables always removed besides OPENAI_API_KEY and CODEX_API_KEY (the provider's env_key). */
  removeEnv?: string[];
  /** The folders masked from commands and what runs unconfined. */
  sandbox?: Partial<Omit<SandboxSettings, "networkAccess" | "processListing">>;
  /** Whether and how commands can be confined (default: the platform's sandbox, probed once). */
  sandboxProbe?: () => SandboxStatus | Promise<SandboxStatus>;
  /** How long capturing the login snapshot may take (default: shell-snapshot.ts's). */
  snapshotTimeoutMs?: number;
}

/** One command to start: what, where, and how its shell and terminal look. */
export interface CommandPlan {
  command: string;
  /** Absolute, checked to be a directory. */
  workdir: string;
  shownDir: string;
  /** Run unasked as read-only: the read-only sandbox, and git's config-named programs off. */
  confine?: "read-only";
  /** A shell other than bash (exec_command's `shell`), and `login: false` for a plain `-c`. */
  shell?: string;
  login?: boolean;
  /** The command gets its own pseudo-terminal. */
  terminal?: boolean;
}

/** A command ready to start: the program (the sandbox and its arguments) and its whole environment. */
interface PreparedCommand {
  program: { file: string; args: string[]; viaBwrap: boolean };
  confined: boolean;
  networkBlocked: boolean;
  env: Record<string, string>;
}

/** Variables mini-codex sets on every command: a profile's value for them is not kept. */
const COMMAND_SET = { PAGER: "cat", GIT_PAGER: "cat" };

/** Git config through the environment (the shown command is unchanged): no fsmonitor, no gpg. */
const UNASKED_GIT_CONFIG = {
  GIT_CONFIG_COUNT: "2",
  GIT_CONFIG_KEY_0: "core.fsmonitor",
  GIT_CONFIG_VALUE_0: "",
  GIT_CONFIG_KEY_1: "log.showSignature",
  GIT_CONFIG_VALUE_1: "false",
};

type CommandLauncher = (
  mode: SandboxMode,
  plan: CommandPlan,
  ctx: ToolContext,
) => Promise<PreparedCommand | { refused: string }>;

/** The session's launcher: the environment is scrubbed once, the login snapshot taken once. */
export function createCommandLauncher(options: CommandLaunchOptions = {}): CommandLauncher {
  const config = options.config ?? defaultSettings();
  const settings: SandboxSettings = {
    networkAccess: config.sandbox.networkAccess,
    home: options.sandbox?.home ?? process.env.HOME,
    hiddenHomes: options.sandbox?.hiddenHomes ?? [],
    runtimeDir: options.sandbox?.runtimeDir ?? process.env.XDG_RUNTIME_DIR,
    processListing: config.sandbox.processListing,
    ...(options.sandbox?.protectedPaths ? { protectedPaths: options.sandbox.protectedPaths } : {}),
  };
  const baseEnv = commandEnvironment(process.env, config.shellEnvironment, options.removeEnv);
  const extraEnv = { ...COMMAND_SET, ...options.env };
  const snapshot = loginSnapshot(config, options, { ...baseEnv, ...extraEnv });
  return async (mode, plan, ctx) => {
    const sandbox = await (options.sandboxProbe ?? probeSandbox)();
    // the workspace's hard links (found once per session), read-only wherever commands write
    const writes = sandbox.ok && [mode, ctx.sandbox].includes("workspace-write");
    const linked = writes ? await linkedFileBinds(ctx.workspaceRoots) : [];
    const launchIn = (
      confined: SandboxMode,
      command: string,
      cwd: string,
      snap = "",
      own = false,
    ) =>
      commandLaunch({
        mode: confined,
        command,
        cwd,
        workspaceRoots: ctx.workspaceRoots,
        settings,
        sandbox,
        linked,
        ...(snap ? { snapshot: snap } : {}),
        ...(own && plan.shell ? { shell: plan.shell } : {}),
        ...(own && plan.login === false ? { login: false } : {}),
        ...(own && plan.terminal ? { terminal: true } : {}),
      });
    // the first command captures the login environment (in the session's sandbox mode)
    const snapshotPath = await snapshot?.path(
      ctx.cwd,
      ctx.signal,
      (script, snap) => launchIn(ctx.sandbox, script, ctx.cwd, snap),
      ctx.warn,
    );
    const useSnapshot = plan.login !== false && (plan.shell ?? "bash") === "bash";
    const snap = useSnapshot ? snapshotPath : undefined;
    const launch = launchIn(plan.confine ?? mode, plan.command, plan.workdir, snap, true);
    if ("refused" in launch) return launch;
    const env = {
      ...baseEnv,
      ...extraEnv,
      ...(plan.confine ? UNASKED_GIT_CONFIG : {}),
      ...(snap ? { BASH_ENV: snap } : {}),
      ...launch.env,
    };
    const { confined, networkBlocked } = launch;
    const program = { file: launch.file, args: launch.args, viaBwrap: launch.viaBwrap };
    return { program, confined, networkBlocked, env };
  };
}

/** The model's `workdir` resolved inside the workspace; an error the model can act on if absent. */
export async function commandPlan(
  command: string,
  workdirArg: string | undefined,
  ctx: ToolContext,
): Promise<CommandPlan> {
  const workdir = await resolveWorkdir(workdirArg, ctx);
  const shownDir = displayPath(workdir, ctx.cwd);
  const isDir = await stat(workdir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!isDir) throw new ToolError(`workdir ${shownDir} does not exist or is not a directory`);
  return { command, workdir, shownDir };
}

/** What the gate judges of a command: the command itself, in the workdir as shown. */
export function commandNeeds(plan: CommandPlan): ToolNeeds {
  return { kind: "command", command: plan.command, workdir: plan.shownDir };
}

/** The command as the gate lets it run: perhaps rewritten, perhaps confined read-only. */
export function approvedCommand(plan: CommandPlan, verdict: Verdict): CommandPlan {
  return {
    ...plan,
    ...(verdict.command ? { command: verdict.command } : {}),
    ...(verdict.confine ? { confine: verdict.confine } : {}),
  };
}

/** The session's login snapshot, unless `[features] shell_snapshot = false`. */
function loginSnapshot(
  config: Settings,
  options: CommandLaunchOptions,
  env: Record<string, string>,
) {
  if (!config.shell.snapshot) return undefined;
  const policy = config.shellEnvironment;
  return new LoginSnapshot({
    env,
    policy,
    removeEnv: options.removeEnv ?? [],
    keep: [
      ...Object.keys(COMMAND_SET),
      ...Object.keys(options.env ?? {}),
      ...Object.keys(policy.set),
    ],
    ...(options.snapshotTimeoutMs !== undefined ? { timeoutMs: options.snapshotTimeoutMs } : {}),
  });
}
