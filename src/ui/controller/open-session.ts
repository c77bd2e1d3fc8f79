import { worktreeText } from "../../launch/index.js";
import type { AgentSession, SessionStatus } from "../../session/index.js";
import type {
  ApprovalDecision,
  ApprovalRequest,
  HookTrustQuestion,
  UserInputAnswers,
  UserInputRequest,
} from "../../tools/index.js";
import type { SessionSource, TuiLaunchOptions } from "../contract.js";
import { safetyWarning } from "../labels/index.js";
import type { TranscriptEntryBody } from "../model/index.js";
import { restoredEntries } from "../model/index.js";
import { followTerminals } from "./background-terminals.js";
import { DeltaCoalescer } from "./delta-coalescer.js";
import type { UiAction } from "./state.js";
import { yieldToKeys } from "./yield-to-keys.js";

/** What opening a session needs from the controller. */
interface SessionOpener {
  readonly launch: TuiLaunchOptions;
  dispatch(action: UiAction): void;
  ask(request: ApprovalRequest): Promise<ApprovalDecision>;
  askUser(request: UserInputRequest, signal: AbortSignal): Promise<UserInputAnswers | undefined>;
  askHookTrust(question: HookTrustQuestion, signal: AbortSignal): Promise<boolean>;
}

/** A session the TUI listens to; `release` stops listening (before it is closed). */
interface OpenedSession {
  session: AgentSession;
  release(): void;
}

/** A warning line under the banner when writes run without asking (see /status). */
function safetyNotice(launch: TuiLaunchOptions): TranscriptEntryBody[] {
  const warning = safetyWarning(launch.approvalPolicy, launch.sandbox);
  return warning ? [{ kind: "notice", level: "warning", text: warning }] : [];
}

function banner(
  launch: TuiLaunchOptions,
  session: AgentSession,
  status: SessionStatus,
): TranscriptEntryBody {
  const effort = status.effort ? ` · effort ${status.effort}` : "";
  const profile = launch.profile ? ` · profile ${launch.profile}` : "";
  return {
    kind: "banner",
    lines: [
      `mini-codex ${launch.version}`,
      `session ${session.id}`,
      `${status.model}${effort} · ${status.providerId} · ${launch.cwd}`,
      ...(launch.worktree ? [`worktree: ${worktreeText(launch.worktree)}`] : []),
      `approval ${launch.approvalPolicy} · sandbox ${launch.sandbox}${profile}`,
      ...(launch.configNotice ? [`config: ${launch.configNotice}`] : []),
      "/help for commands · Esc interrupts · Ctrl+C twice quits",
    ],
  };
}

/**
 * Create a session (new, or from a saved one), listen to it through the delta coalescer,
 * print its banner (and a saved one's history) and what opening it found. Nothing is sent.
 */
export async function openSession(
  opener: SessionOpener,
  source: SessionSource | undefined,
  carried: Pick<SessionStatus, "model" | "effort"> | undefined,
): Promise<OpenedSession> {
  const { launch } = opener;
  const dispatch = (action: UiAction) => opener.dispatch(action);
  const notice = (level: "warning", text: string) =>
    dispatch({ type: "append", entries: [{ kind: "notice", level, text }] });
  // the first frame is out: a key typed on it is echoed before the session is built
  await yieldToKeys();
  const created = await launch.createSession({
    approve: (request) => opener.ask(request),
    askUser: (request, signal) => opener.askUser(request, signal),
    askHookTrust: (question, signal) => opener.askHookTrust(question, signal),
    ...(source ? { source } : {}),
    ...(carried ? { settings: { model: carried.model, effort: carried.effort } } : {}),
  });
  const fresh = carried && created.status();
  if (carried && fresh && (carried.model !== fresh.model || carried.effort !== fresh.effort)) {
    created.update({ model: carried.model, effort: carried.effort });
  }
  const coalescer = new DeltaCoalescer((event) => dispatch({ type: "session", event }));
  const unsubscribe = created.subscribe((event) => coalescer.push(event));
  const unfollowTerminals = followTerminals(created, dispatch);
  // keys typed meanwhile are echoed before the status (a forecast of the next request) is built
  await yieldToKeys();
  const status = created.status();
  const { model, effort, next } = status;
  dispatch({ type: "session_ready", sessionId: created.id, model, effort, next });
  dispatch({ type: "append", entries: [banner(launch, created, status), ...safetyNotice(launch)] });
  if (source) dispatch({ type: "append", entries: restoredEntries(source, created) });
  // a saved goal comes back as it was, an active one paused (nothing runs until the person says)
  const goal = created.goal?.current();
  if (goal) {
    const change = goal.status === "paused" ? "paused" : "stopped";
    dispatch({ type: "session", event: { type: "goal_updated", change, goal } });
  }
  // what opening the saved session found: unreadable lines, calls repaired after a crash
  for (const text of created.notices ?? []) notice("warning", text);
  // the warm-up waits for the person's first message to take shape (controller/warm-up-trigger.ts)
  created.opened?.();
  return {
    session: created,
    release: () => {
      unsubscribe();
      unfollowTerminals();
      coalescer.flush();
      coalescer.dispose();
    },
  };
}
