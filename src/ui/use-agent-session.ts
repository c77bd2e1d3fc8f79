import { type Dispatch, useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../protocol/error-message.js";
import type { AgentSession, TurnResult } from "../session/api.js";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";
import type { SessionSource, TuiLaunchOptions } from "./contract.js";
import { DeltaCoalescer } from "./delta-coalescer.js";
import { restoredEntries } from "./history-entries.js";
import type { ChipImage, ComposedMessage } from "./paste-collapse.js";
import { safetyWarning } from "./safety-labels.js";
import type { UiAction } from "./state.js";
import type { TranscriptEntryBody } from "./transcript-entries.js";
import { endingTerminalsNotice } from "./use-background-terminals.js";

export interface PendingApproval {
  request: ApprovalRequest;
  resolve(decision: ApprovalDecision): void;
}

const APPROVED_TEXT = {
  approve: "Approved once",
  approve_prefix: "Approved for the session (commands with this prefix)",
  approve_files: "Approved for the session (these files)",
} as const;

/** Quitting never waits on a socket that will not close. */
const CLOSE_GRACE_MS = 2000;

async function closeWithin(session: AgentSession, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([session.close().catch(() => undefined), grace]);
  clearTimeout(timer);
}

/** A warning line under the banner when writes run without asking (see /status). */
function safetyNotice(options: TuiLaunchOptions): TranscriptEntryBody[] {
  const warning = safetyWarning(options.approvalPolicy, options.sandbox);
  return warning ? [{ kind: "notice", level: "warning", text: warning }] : [];
}

/**
 * The session's lifetime in the UI: create (and re-create for /new), subscribe through the
 * delta coalescer, run turns one at a time with a queue, and answer approvals.
 */
export function useAgentSession(
  options: TuiLaunchOptions,
  dispatch: Dispatch<UiAction>,
  /** Messages queued behind a turn the person interrupted: they go back to the input. */
  returnQueued: (messages: ComposedMessage[]) => void,
) {
  const [session, setSession] = useState<AgentSession>();
  // Pending approvals in a ref (keys are routed by it at once) mirrored in state (rendering).
  const pending = useRef<PendingApproval[]>([]);
  const [approvals, setApprovals] = useState<PendingApproval[]>([]);
  const setPending = useCallback((list: PendingApproval[]) => {
    pending.current = list;
    setApprovals(list);
  }, []);
  const current = useRef<{ session: AgentSession; release(): void } | undefined>(undefined);
  const sendNext = useRef<(text: string, images: ChipImage[]) => Promise<void>>(
    async () => undefined,
  );
  const busy = useRef(false);
  const firstImages = useRef(options.initialImages ?? []);
  const queue = useRef<ComposedMessage[]>([]);
  const returnQueuedRef = useRef(returnQueued);
  returnQueuedRef.current = returnQueued;
  const print = useCallback(
    (level: "info" | "warning" | "error", text: string) =>
      dispatch({ type: "append", entries: [{ kind: "notice", level, text }] }),
    [dispatch],
  );

  const sendQueued = useCallback(() => {
    const next = queue.current.shift();
    if (next === undefined) return;
    dispatch({ type: "dequeue" });
    void sendNext.current(next.text, next.images);
  }, [dispatch]);

  // The engine's gate decides what needs asking; whatever reaches the UI is shown to the person.
  const approve = useCallback(
    (request: ApprovalRequest): Promise<ApprovalDecision> =>
      new Promise((resolve) => setPending([...pending.current, { request, resolve }])),
    [setPending],
  );

  const decide = useCallback(
    (answered: PendingApproval, decision: ApprovalDecision) => {
      setPending(pending.current.filter((item) => item !== answered));
      const { request } = answered;
      const what =
        request.kind === "command"
          ? request.command
          : request.kind === "patch"
            ? `patch (${request.changes.map((c) => c.path).join(", ")})`
            : `${request.server}/${request.tool}`;
      if (decision.kind === "deny") {
        dispatch({ type: "call_denied", callId: request.callId });
        print("warning", `Denied: ${what}`);
      } else print("info", `${APPROVED_TEXT[decision.kind]}: ${what}`);
      answered.resolve(decision);
    },
    [dispatch, print, setPending],
  );

  const denyAll = useCallback(() => {
    const list = pending.current;
    setPending([]);
    for (const item of list) item.resolve({ kind: "deny" });
  }, [setPending]);

  /** The saved session the next open() starts from (resume, fork); none: a new session. */
  const nextSource = useRef<SessionSource | undefined>(undefined);
  const open = useCallback(async () => {
    const previous = current.current;
    current.current = undefined;
    const source = nextSource.current;
    nextSource.current = undefined;
    // A fresh session keeps the model and effort chosen in this run (a saved one has its own).
    const carried = source ? undefined : previous?.session.status();
    denyAll();
    if (previous) {
      previous.release();
      const ending = endingTerminalsNotice(previous.session);
      if (ending.length > 0) dispatch({ type: "append", entries: ending });
      await closeWithin(previous.session, CLOSE_GRACE_MS);
    }
    const created = await options.createSession({
      approve,
      ...(source ? { source } : {}),
      ...(carried ? { settings: { model: carried.model, effort: carried.effort } } : {}),
    });
    const fresh = created.status();
    if (carried && (carried.model !== fresh.model || carried.effort !== fresh.effort)) {
      created.update({ model: carried.model, effort: carried.effort });
    }
    const coalescer = new DeltaCoalescer((event) => dispatch({ type: "session", event }));
    const unsubscribe = created.subscribe((event) => coalescer.push(event));
    current.current = {
      session: created,
      release: () => {
        unsubscribe();
        coalescer.flush();
        coalescer.dispose();
      },
    };
    const status = created.status();
    dispatch({
      type: "session_ready",
      sessionId: created.id,
      model: status.model,
      effort: status.effort,
      next: status.next,
    });
    dispatch({
      type: "append",
      entries: [
        {
          kind: "banner",
          lines: [
            `mini-codex ${options.version}`,
            `session ${created.id}`,
            `${status.model}${status.effort ? ` · effort ${status.effort}` : ""} · ${status.providerId} · ${options.cwd}`,
            `approval ${options.approvalPolicy} · sandbox ${options.sandbox}${options.profile ? ` · profile ${options.profile}` : ""}`,
            "/help for commands · Esc interrupts · Ctrl+C twice quits",
          ],
        },
        ...safetyNotice(options),
      ],
    });
    if (source) dispatch({ type: "append", entries: restoredEntries(source, created) });
    // what opening the saved session found: unreadable lines, calls repaired after a crash
    for (const notice of created.notices ?? []) print("warning", notice);
    setSession(created);
    // Open the socket and send the warm-up while the person types.
    created
      .prepare()
      .then(() => dispatch({ type: "next_preview", next: created.status().next }))
      .catch((error: unknown) => print("warning", `warm-up failed: ${errorMessage(error)}`));
    // Messages typed while the session started wait in the queue: send them now.
    if (!busy.current) sendQueued();
    return created;
  }, [approve, denyAll, dispatch, options, print, sendQueued]);

  const runSessionOperation = useCallback(
    async (operation: (s: AgentSession) => Promise<TurnResult>, reportFailure: boolean) => {
      const active = current.current?.session;
      if (!active) return false;
      busy.current = true;
      let ok = false;
      let aborted = false;
      try {
        const result = await operation(active);
        ok = result.ok;
        aborted = result.aborted;
        if (reportFailure && !result.ok && !result.aborted && result.error)
          print("error", result.error);
      } catch (error) {
        print("error", errorMessage(error));
      } finally {
        busy.current = false;
      }
      // After a failure, an interrupt or a compaction the chain may be reset: say so.
      if (current.current?.session === active) {
        dispatch({ type: "next_preview", next: active.status().next });
      }
      if (aborted && queue.current.length > 0) {
        // Esc means stop: what was typed behind the turn is not sent on its own.
        const messages = queue.current;
        queue.current = [];
        dispatch({ type: "clear_queue" });
        returnQueuedRef.current(messages);
        return ok;
      }
      sendQueued();
      return ok;
    },
    [dispatch, print, sendQueued],
  );

  const sendMessage = useCallback(
    async (text: string, images: ChipImage[] = []) => {
      if (busy.current || !current.current) {
        queue.current.push({ text, images });
        dispatch({ type: "enqueue", text });
        return;
      }
      dispatch({ type: "user_message", text });
      // -i/--image files go with the first message sent (after its text).
      const attached = [...firstImages.current, ...images];
      firstImages.current = [];
      await runSessionOperation((s) => s.send(text, attached), false);
    },
    [dispatch, runSessionOperation],
  );
  sendNext.current = sendMessage;

  /** Enter while a turn runs: into that turn if it takes it, else queued behind it. */
  const steerMessage = useCallback(
    (text: string, images: ChipImage[] = []) => {
      if (busy.current && current.current?.session.steer(text, images)) {
        dispatch({ type: "append", entries: [{ kind: "user", text, steered: true }] });
        return;
      }
      void sendMessage(text, images);
    },
    [dispatch, sendMessage],
  );

  const interrupt = useCallback(() => {
    denyAll();
    current.current?.session.abort();
  }, [denyAll]);

  const close = useCallback(async () => {
    denyAll();
    const active = current.current;
    current.current = undefined;
    if (!active) return;
    active.release();
    await closeWithin(active.session, CLOSE_GRACE_MS);
  }, [denyAll]);

  useEffect(() => () => current.current?.release(), []);

  return {
    session,
    approvals,
    /** The approval keys go to now (ahead of the render that shows it). */
    currentApproval: () => pending.current[0],
    decide,
    open,
    /** Open a saved session (resume) or a copy of one (fork) in place of the current one. */
    openFrom: (source: SessionSource) => {
      nextSource.current = source;
      return open();
    },
    sendMessage,
    steerMessage,
    runSessionOperation,
    interrupt,
    close,
    isBusy: () => busy.current,
  };
}
