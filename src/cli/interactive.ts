import type { MiniCodexConfig } from "../launch/config-schema.js";
import type { SharedFlags } from "../launch/flags.js";
import { imageAttachments } from "../launch/image-attachments.js";
import { openSession } from "../launch/open-session.js";
import { knownContextWindow, loadRuntime } from "../launch/runtime.js";
import { listSessions } from "../session/session-list.js";
import type { TuiLaunchOptions } from "../ui/contract.js";
import type { NotificationEvent } from "../ui/notifications.js";
import { askHookTrust } from "./hook-trust.js";

/** `[tui] notifications`, `notification_method` and `notify` for the TUI (Codex keys). */
function notificationSettings(config: MiniCodexConfig): Pick<TuiLaunchOptions, "notifications"> {
  const wanted = config.tui?.notifications;
  const events: NotificationEvent[] =
    wanted === true
      ? ["agent-turn-complete", "approval-requested"]
      : Array.isArray(wanted)
        ? wanted
        : [];
  if (events.length === 0 && !config.notify) return {};
  return {
    notifications: {
      events: new Set(events),
      method: config.tui?.notification_method ?? "osc9",
      ...(config.notify ? { command: config.notify } : {}),
    },
  };
}

/** `mini-codex [PROMPT]`: the TUI. */
export async function runInteractive(
  prompt: string | undefined,
  flags: SharedFlags,
  start?: TuiLaunchOptions["start"],
): Promise<number> {
  const runtime = await loadRuntime({
    flags,
    defaultApprovalPolicy: "on-request",
    defaultSandbox: "workspace-write",
  });
  try {
    // its warning goes to the plain terminal, before the UI draws
    await runtime.checkSandbox();
    await askHookTrust(runtime.hooks);
    // read before the UI starts: a bad file is a usage error on the plain terminal
    const images = imageAttachments(flags.image ?? [], runtime.cwd);
    // imported here, so --help, --version and exec never load ink/react (a chunk of its own)
    const { runTui } = await import("../ui/run.js");
    return await runTui({
      createSession: async (hooks) =>
        (
          await openSession(runtime, {
            warmup: true,
            ...(hooks.approve ? { approve: hooks.approve } : {}),
            ...(hooks.settings ? { settings: hooks.settings } : {}),
            ...hooks.source,
          })
        ).session,
      ...(prompt !== undefined ? { initialPrompt: prompt } : {}),
      initialImages: images,
      ...notificationSettings(runtime.config),
      ...(start ? { start } : {}),
      listSessions: (all) => listSessions(runtime.home, all ? undefined : runtime.cwd),
      home: runtime.home,
      cwd: runtime.cwd,
      approvalPolicy: runtime.approvalPolicy,
      sandbox: runtime.sandbox,
      ...(runtime.profile ? { profile: runtime.profile } : {}),
      version: runtime.version,
      ...(runtime.contextWindow ? { contextWindow: runtime.contextWindow } : {}),
      contextWindowFor: (model) => runtime.config.model_context_window ?? knownContextWindow(model),
    });
  } finally {
    await runtime.close();
  }
}
