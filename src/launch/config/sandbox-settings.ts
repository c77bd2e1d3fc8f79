import type { SandboxMode, SandboxStatus } from "../../sandbox/index.js";
import { gitRoot, type ProtectedPath, probeSandbox, protectedPaths } from "../../sandbox/index.js";
import type { Settings } from "../../settings/index.js";
import type { ToolRouterOptions } from "../../tools/index.js";

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

/**
 * What the shell tool needs to confine commands and keep secrets from them, beyond what it
 * reads of the settings itself: the provider's API key variable, the homes and paths to hide.
 */
export function shellSandboxOptions(
  config: Pick<Settings, "model" | "provider">,
  hiddenHomes: readonly string[],
  env: NodeJS.ProcessEnv,
  guarded: readonly ProtectedPath[] = [],
): Pick<ToolRouterOptions, "removeEnv" | "sandbox"> {
  const envKey = config.provider.tables?.[config.model.provider]?.env_key;
  return {
    removeEnv: envKey ? [envKey] : [],
    sandbox: {
      home: env.HOME,
      hiddenHomes,
      runtimeDir: env.XDG_RUNTIME_DIR,
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
