import { commandEnvironment } from "../sandbox/env-policy.js";
import type { SessionOptions } from "../session/api.js";
import { sessionFilePath } from "../session/session-file.js";
import type { HookSetup } from "../tools/hooks/hook-run.js";
import type { Runtime } from "./runtime.js";
import { envPolicyOf, shellSandboxOptions } from "./sandbox-settings.js";

/** Codex's `permission_mode` for a session: bypassPermissions when nothing asks, else default. */
function permissionMode(runtime: Runtime): string {
  return runtime.approvalPolicy === "never" ? "bypassPermissions" : "default";
}

/**
 * How a session's hooks run: the runnable ones, in the session's sandbox with the environment
 * the model's commands get (no API keys), with the session file as `transcript_path`.
 */
export function hookSetup(
  runtime: Runtime,
  id: string,
  persisted: boolean,
): Pick<SessionOptions, "hooks"> {
  const handlers = runtime.hooks.runnable();
  if (handlers.length === 0) return {};
  const shell = shellSandboxOptions(runtime.config, runtime.home, process.env);
  const hooks: HookSetup = {
    handlers,
    run: {
      cwd: runtime.cwd,
      workspaceRoots: runtime.workspaceRoots,
      sandbox: runtime.sandbox,
      settings: {
        networkAccess: shell.sandbox?.networkAccess ?? false,
        home: shell.sandbox?.home,
        miniCodexHome: runtime.home,
        processListing: shell.sandbox?.processListing ?? false,
      },
      env: commandEnvironment(process.env, envPolicyOf(runtime.config), shell.removeEnv),
    },
    permissionMode: permissionMode(runtime),
    ...(persisted ? { transcriptPath: sessionFilePath(runtime.home, id) } : {}),
  };
  return { hooks };
}
