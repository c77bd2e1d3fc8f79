import type { MiniCodexConfig } from "../launch/config-schema.js";
import type { SharedFlags } from "../launch/flags.js";
import { imageAttachments } from "../launch/image-attachments.js";
import { openSession } from "../launch/open-session.js";
import { resumeHint } from "../launch/resume-hint.js";
import { knownContextWindow, loadRuntime } from "../launch/runtime.js";
import { type SavedSettings, savedSessionFor } from "../launch/saved-settings.js";
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

/** `[tui] cost_question` and `cost_question_min_usd` (docs/config.md, "Prices"). */
function costQuestionSettings(config: MiniCodexConfig): TuiLaunchOptions["costQuestion"] {
  const { cost_question: enabled, cost_question_min_usd: minUsd } = config.tui ?? {};
  return {
    ...(enabled === undefined ? {} : { enabled }),
    ...(minUsd === undefined ? {} : { minUsd }),
  };
}

/** The saved session `resume`/`fork` names, read before the runtime loads. */
function savedSessionOf(flags: SharedFlags, start: TuiLaunchOptions["start"]) {
  const target =
    start && ("resume" in start ? start.resume : "fork" in start ? start.fork : undefined);
  return target ? savedSessionFor(flags, target) : undefined;
}

/** The start with `--last` made the session found (the one the runtime was loaded for). */
function savedStart(
  start: NonNullable<TuiLaunchOptions["start"]>,
  saved: SavedSettings | undefined,
): NonNullable<TuiLaunchOptions["start"]> {
  if (!saved) return start;
  return "fork" in start ? { fork: { id: saved.id } } : { resume: { id: saved.id } };
}

/** `mini-codex [PROMPT]`: the TUI. */
export async function runInteractive(
  prompt: string | undefined,
  flags: SharedFlags,
  start?: TuiLaunchOptions["start"],
): Promise<number> {
  // `resume`/`fork`: the saved session's model, effort, provider, sandbox and approval policy
  // unless the command line sets them (the directory stays the current one)
  const saved = savedSessionOf(flags, start);
  const runtime = await loadRuntime({
    flags,
    defaultApprovalPolicy: "on-request",
    defaultSandbox: "workspace-write",
    ...(saved ? { resumed: { saved, inItsDirectory: false } } : {}),
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
            warmup: !hooks.review,
            ...(hooks.review ? { review: true } : {}),
            ...(hooks.approve ? { approve: hooks.approve } : {}),
            ...(hooks.settings ? { settings: hooks.settings } : {}),
            ...hooks.source,
          })
        ).session,
      ...(prompt !== undefined ? { initialPrompt: prompt } : {}),
      initialImages: images,
      ...notificationSettings(runtime.config),
      costQuestion: costQuestionSettings(runtime.config),
      ...(start ? { start: savedStart(start, saved) } : {}),
      listSessions: (all) => listSessions(runtime.home, all ? undefined : runtime.cwd),
      resumeCommand: (sessionId) =>
        resumeHint({
          sessionId,
          cwd: runtime.cwd,
          shellCwd: process.cwd(),
          launcher: process.argv[1],
          path: process.env.PATH,
        }),
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
