import type { SandboxMode, SandboxStatus, ShellEnvironmentPolicy } from "../../sandbox/index.js";
import { gitRoot, type ProtectedPath, probeSandbox, protectedPaths } from "../../sandbox/index.js";
import type { ToolRouterOptions } from "../../tools/index.js";
import type { MiniCodexConfig } from "./config-schema.js";

/** `[shell_environment_policy]` from config.toml, with Codex's defaults. */
function envPolicyOf(config: MiniCodexConfig): ShellEnvironmentPolicy {
  const table = config.shell_environment_policy ?? {};
  return {
    inherit: table.inherit ?? "all",
    ignoreDefaultExcludes: table.ignore_default_excludes ?? false,
    exclude: table.exclude ?? [],
    includeOnly: table.include_only ?? [],
    set: table.set ?? {},
  };
}

/**
 * What runs unconfined, read-only to the session's commands and patches: the `.codex`/`.agents`
 * folders of the workspace and what its runnable hooks run (protected-paths.ts).
 */
export function sessionProtectedPaths(runtime: {
  cwd: string;
  workspaceRoots: readonly string[];
  hooks: { runnablePaths(): string[] };
}): ProtectedPath[] {
  return protectedPaths({
    roots: runtime.workspaceRoots,
    cwd: runtime.cwd,
    projectRoot: gitRoot(runtime.cwd) ?? runtime.cwd,
    hookPaths: runtime.hooks.runnablePaths(),
  });
}

/** What the shell tool needs to confine commands and keep secrets from them. */
export function shellSandboxOptions(
  config: MiniCodexConfig,
  hiddenHomes: readonly string[],
  env: NodeJS.ProcessEnv,
  guarded: readonly ProtectedPath[] = [],
): Pick<ToolRouterOptions, "envPolicy" | "removeEnv" | "sandbox" | "shellSnapshot"> {
  const envKey = config.model_providers?.[config.model_provider ?? "openai"]?.env_key;
  return {
    shellSnapshot: config.features?.shell_snapshot ?? true,
    envPolicy: envPolicyOf(config),
    removeEnv: envKey ? [envKey] : [],
    sandbox: {
      networkAccess: config.sandbox_workspace_write?.network_access ?? false,
      home: env.HOME,
      hiddenHomes,
      runtimeDir: env.XDG_RUNTIME_DIR,
      processListing: config.sandbox_macos?.process_listing ?? false,
      protectedPaths: guarded,
    },
  };
}

/** The one warning about the sandbox at start-up, or undefined when it works as promised. */
export function sandboxWarning(mode: SandboxMode, status: SandboxStatus) {
  if (status.ok) return undefined;
  if (mode === "danger-full-access") {
    return `${status.why}: commands run unconfined as asked, but may outlive mini-codex if it is killed (kill -9)`;
  }
  return `${status.why}: shell commands will be refused in ${mode} mode (${status.hint}, or pass -s danger-full-access to run them unconfined)`;
}

/** The probe and its warning, once however often it is called (Runtime.checkSandbox). */
export function sandboxCheck(mode: SandboxMode, warn: (message: string) => void) {
  let checked: Promise<void> | undefined;
  return (): Promise<void> => {
    checked ??= probeSandbox().then((status) => {
      const problem = sandboxWarning(mode, status);
      if (problem) warn(problem);
    });
    return checked;
  };
}
