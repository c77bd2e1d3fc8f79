import { personEnvironment } from "../sandbox/index.js";
import type { SessionOptions } from "../session/index.js";
import { sessionFilePath } from "../session/index.js";
import type { Settings } from "../settings/index.js";
import type { AskHookTrust, HookSetup } from "../tools/index.js";
import type { Runtime } from "./runtime.js";

/** Codex's `permission_mode` for a session: bypassPermissions when nothing asks, else default. */
function permissionMode(runtime: Runtime): string {
  return runtime.approvalPolicy === "never" ? "bypassPermissions" : "default";
}

/** Every provider's `env_key`: API keys a hook never gets. */
function providerKeys(config: Settings): string[] {
  const keys = Object.values(config.provider.tables ?? {}).map((provider) => provider.env_key);
  return keys.filter((key): key is string => typeof key === "string" && key !== "");
}

/**
 * How a session's hooks run: the runnable (trusted) ones, checked again right before each run
 * (a changed one asks the front end through `ask`, else does not run), as the person, with
 * their environment less the API keys, and the session file as `transcript_path`.
 */
export function hookSetup(
  runtime: Runtime,
  id: string,
  persisted: boolean,
  ask?: AskHookTrust,
): Pick<SessionOptions, "hooks"> {
  const handlers = runtime.hooks.runnable();
  if (handlers.length === 0) return {};
  const gate = runtime.hooks.gate(ask);
  const hooks: HookSetup = {
    handlers,
    run: {
      cwd: runtime.cwd,
      env: personEnvironment(process.env, providerKeys(runtime.config)),
      ...(gate ? { gate } : {}),
    },
    permissionMode: permissionMode(runtime),
    ...(persisted ? { transcriptPath: sessionFilePath(runtime.home, id) } : {}),
  };
  return { hooks };
}
