import { errorMessage, type MessageImage, messageText, userMessage } from "../../protocol/index.js";
import type { AgentSession, TurnResult } from "../../session/index.js";
import { proposedPlan } from "../../session/index.js";
import { defaultSettings, type Settings } from "../../settings/index.js";
import type {
  ApprovalDecision,
  ApprovalRequest,
  HookTrustQuestion,
  UserInputAnswers,
  UserInputRequest,
} from "../../tools/index.js";
import type { SessionSource, TuiLaunchOptions } from "../contract.js";
import { exitSummary } from "../exit-summary.js";
import type { TranscriptEntryBody } from "../model/index.js";
import { type ChipImage, type ComposedMessage, joinMessages } from "../model/index.js";
import { ApprovalDesk } from "./approvals.js";
import { endingTerminalsNotice } from "./background-terminals.js";
import { followContextWindow } from "./context-window.js";
import { CostQuestion } from "./cost-question.js";
import { ctrlCStep } from "./ctrl-c.js";
import { openSession } from "./open-session.js";
import { takeLastPending } from "./pending-messages.js";
import {
  hookTrustPicker,
  IMPLEMENT_MESSAGE,
  openPicker,
  type PickerSpec,
  planApprovalPicker,
  QuestionDesk,
} from "./questions/index.js";
import { RewindIntents } from "./rewind.js";
import { SessionSwitch } from "./session-switch.js";
import { SettingsIntents } from "./settings.js";
import { resilientReducer, type UiAction } from "./state.js";
import { createStore, type Store } from "./store.js";
import { initialTuiState, type TuiState } from "./tui-state.js";
import { WarmUpTrigger } from "./warm-up-trigger.js";

/** What the controller may ask of the composer (it owns the text being typed). */
interface InputHandle {
  isEmpty(): boolean;
  clear(): void;
  /** Put messages back in front of the draft (a queue the person interrupted). */
  prepend(text: string, images: readonly ChipImage[]): void;
}

/**
 * The TUI's one owner of behaviour, in plain TypeScript: the session's lifetime, turns one at
 * a time with a queue, steering, interrupts, approvals, settings and quitting. Keys and slash
 * commands send it intents; the views read its store.
 */
export class TuiController {
  readonly store: Store<TuiState>;
  readonly approvals: ApprovalDesk;
  /** The model's questions (request_user_input in Plan mode), answered on a picker. */
  readonly questions: QuestionDesk;
  readonly settings: SettingsIntents;
  readonly sessions: SessionSwitch;
  readonly rewinds: RewindIntents;
  /** The question before a step predicted to cost (a prefix-breaking switch, /compact). */
  readonly costs: CostQuestion;
  private active: { session: AgentSession; release(): void } | undefined;
  /** -i/--image files: they go with the first message sent. */
  private firstImages: readonly MessageImage[];
  private input: InputHandle = { isEmpty: () => true, clear() {}, prepend() {} };
  private readonly warmUps = new WarmUpTrigger((session) => {
    session
      .prepare()
      .then(() => this.dispatch({ type: "next_preview", next: session.status().next }))
      .catch((error: unknown) => this.notice("warning", `warm-up failed: ${errorMessage(error)}`));
  });

  /** The run's settings (src/settings): the launch's, or nothing configured. */
  get config(): Settings {
    return this.launch.config ?? defaultSettings();
  }

  constructor(
    readonly launch: TuiLaunchOptions,
    private readonly onExit?: (lines: string[]) => void,
  ) {
    const config = this.config;
    this.store = createStore(initialTuiState(launch.contextWindow, launch.costDisplay));
    this.firstImages = launch.initialImages ?? [];
    this.approvals = new ApprovalDesk(this.store, (action) => this.dispatch(action));
    this.questions = new QuestionDesk({
      openPicker: (spec) => this.openPicker(spec),
      closePicker: (spec) => {
        if (this.store.getState().picker?.spec === spec) this.set({ picker: undefined });
      },
      hint: (hint) => this.set({ hint }),
    });
    this.costs = new CostQuestion({
      forecast: (change) => this.session?.forecast?.(change),
      settings: { enabled: config.tui.costQuestion, minUsd: config.tui.costQuestionMinUsd },
      ...(launch.costDisplay ? { display: launch.costDisplay } : {}),
      open: (costQuestion) => this.set({ costQuestion }),
    });
    this.settings = new SettingsIntents({
      session: () => this.session,
      confirm: (what, change, go, keep) => this.costs.ask(what, change, go, keep),
      notice: (level, text) => this.print({ kind: "notice", level, text }),
      hint: (hint) => this.set({ hint }),
      busy: () => this.busy,
      openPicker: (spec) => this.openPicker(spec),
    });
    this.sessions = new SessionSwitch(this);
    this.rewinds = new RewindIntents(this, (text) => this.input.prepend(text, []));
    followContextWindow(this.store, launch.contextWindowFor, (action) => this.dispatch(action));
  }

  /** The session's `approve` hook: the person answers on the approval prompt. */
  ask(request: ApprovalRequest): Promise<ApprovalDecision> {
    return this.approvals.ask(request);
  }

  /** The session's `askUser` hook: the person answers the model's questions. */
  askUser(request: UserInputRequest, signal: AbortSignal): Promise<UserInputAnswers | undefined> {
    return this.questions.ask(request, signal);
  }

  /**
   * The session's hook-trust question (a hook whose files changed since trusted is about to
   * run): asked in a picker; an interrupted turn closes it unanswered (not run).
   */
  askHookTrust(question: HookTrustQuestion, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const spec = hookTrustPicker(question, (run) => {
        signal.removeEventListener("abort", stop);
        resolve(run);
      });
      const stop = () => {
        if (this.store.getState().picker?.spec === spec) this.set({ picker: undefined });
        resolve(false);
      };
      if (signal.aborted) return resolve(false);
      signal.addEventListener("abort", stop, { once: true });
      this.openPicker(spec);
    });
  }

  get session(): AgentSession | undefined {
    return this.active?.session;
  }

  /** A turn (or another session operation) is running. */
  get busy(): boolean {
    return this.store.getState().status.busy;
  }

  /** Subagents run or wait for a slot (Esc stops them even between turns). */
  get childrenRunning(): boolean {
    return this.store.getState().status.agents !== undefined;
  }

  dispatch(action: UiAction) {
    this.store.update((s) => {
      const next = resilientReducer(s, action);
      return next === s ? s : { ...s, ...next };
    });
  }

  /** Change what is open on screen (pickers, the pager, the approval prompt's cursor). */
  set(patch: Partial<TuiState>) {
    this.store.update((s) => ({ ...s, ...patch }));
  }

  print(...entries: TranscriptEntryBody[]) {
    this.dispatch({ type: "append", entries });
  }

  attachInput(input: InputHandle) {
    this.input = input;
  }

  /** Put `text` in the composer, in front of what is there (a command to finish typing). */
  prefill(text: string) {
    this.input.prepend(text, []);
  }

  /** The composer's text changed: a message taking shape warms the session up (once). */
  drafting(text: string) {
    this.warmUps.draft(text, this.session);
  }

  /** The first session, as `mini-codex`, `resume` or `fork` asked; then the initial prompt. */
  start() {
    // Queued first: it goes ahead of anything typed while the session starts.
    if (this.launch.initialPrompt) this.send(this.launch.initialPrompt);
    this.sessions.start();
  }

  /** Open a new session (or a saved one) in place of the current one. */
  async open(source?: SessionSource): Promise<AgentSession> {
    const previous = this.active;
    // a new session starts in Default mode, on Default mode's effort
    if (previous?.session.status().mode === "plan") previous.session.setMode?.("default");
    this.active = undefined;
    this.approvals.denyAll();
    this.questions.dismiss();
    this.costs.newSession();
    if (previous) {
      previous.release();
      const ending = endingTerminalsNotice(previous.session);
      if (ending.length > 0) this.print(...ending);
      await closeWithin(previous.session, CLOSE_GRACE_MS);
    }
    // A fresh session keeps the model and effort chosen in this run (a saved one has its own).
    const carried = source ? undefined : previous?.session.status();
    this.active = await openSession(this, source, carried);
    this.warmUps.opened(this.active.session);
    // Messages typed while the session started wait in the queue: send them now.
    if (!this.busy) this.sendQueued();
    return this.active.session;
  }

  async close(): Promise<void> {
    this.approvals.denyAll();
    this.questions.dismiss();
    const active = this.active;
    this.active = undefined;
    if (!active) return;
    active.release();
    await closeWithin(active.session, CLOSE_GRACE_MS);
  }

  /** The views went away (unmounted): stop listening to the session, which stays open. */
  detach() {
    this.active?.release();
  }

  /** Leave: close the session, hand the summary over, and let the views render nothing. */
  quit() {
    const session = this.session;
    void this.close().finally(() => {
      if (session) this.onExit?.(exitSummary(session.status(), this.launch.resumeCommand));
      this.set({ leaving: true });
    });
  }

  /** A message to the model: now, or queued behind the running turn. */
  send(text: string, images: ChipImage[] = []) {
    if (this.busy || !this.active) {
      this.dispatch({ type: "enqueue", message: { text, images } });
      return;
    }
    const attached = [...this.firstImages, ...images];
    this.firstImages = [];
    // as the message went out (-i images named by their text part), as a resume shows it
    this.dispatch({ type: "user_message", text: messageText(userMessage(text, attached)) ?? text });
    let result: TurnResult | undefined;
    void this.runOperation(async (s) => {
      result = await s.send(text, attached);
      return result;
    }, false).then(() => this.offerPlan(result));
  }

  /**
   * A Plan-mode answer proposed a plan and nothing waits behind it: ask whether to implement it
   * (Default mode and a message to do it), edit it, or keep planning.
   */
  private offerPlan(result: TurnResult | undefined) {
    const state = this.store.getState();
    if (!result?.ok || this.busy || state.status.collabMode !== "plan" || state.picker) return;
    const plan = proposedPlan(result.lastMessage);
    if (!plan) return;
    this.openPicker(
      planApprovalPicker(plan, {
        approve: () => this.settings.setMode("default", () => this.send(IMPLEMENT_MESSAGE)),
        edit: (text) => this.input.prepend(text, []),
        keepPlanning: () =>
          this.notice(
            "info",
            "Staying in Plan mode: say what to change (Shift+Tab: Default mode).",
          ),
      }),
    );
  }

  /** Enter while a turn runs: into that turn if it takes it, else queued behind it. */
  steer(text: string, images: ChipImage[] = []) {
    const receipt = this.busy ? this.active?.session.steer(text, images) : undefined;
    if (receipt) return this.dispatch({ type: "steer", message: { text, images }, receipt });
    this.send(text, images);
  }

  /**
   * Up on an empty composer: the last message still waiting comes back for editing; null when
   * Up was answered with a notice instead (a steer the server has), undefined when none waits.
   */
  takePending(): ComposedMessage | null | undefined {
    const taken = takeLastPending(this.store.getState(), this.active?.session);
    if (taken) this.dispatch({ type: "take_pending", taken });
    return taken?.from === "sent" ? null : taken?.message;
  }

  /** `!command`: run in the workspace, not sent to the model (not while a turn runs). */
  runShell(command: string) {
    if (this.busy) {
      const text = "!command waits for the turn to finish: try again after it.";
      return this.print({ kind: "notice", level: "warning", text });
    }
    void this.runOperation((s) => s.runUserShell(command));
  }

  /** A read-only, nobody-asked fork of this session for /review (it keeps the cache key). */
  openReviewFork(): Promise<AgentSession> {
    const id = this.session?.id ?? "";
    return this.launch.createSession({ source: { fork: { id } }, review: true });
  }

  /** Run a session operation as a turn (busy while it runs); true when it succeeded. */
  async runOperation(
    operation: (session: AgentSession) => Promise<TurnResult>,
    reportFailure = true,
  ): Promise<boolean> {
    const active = this.active?.session;
    if (!active) return false;
    this.dispatch({ type: "busy", busy: true });
    let result: TurnResult = { ok: false, aborted: false };
    try {
      result = await operation(active);
      if (reportFailure && !result.ok && !result.aborted && result.error)
        this.notice("error", result.error);
    } catch (error) {
      this.notice("error", errorMessage(error));
    } finally {
      this.dispatch({ type: "busy", busy: false });
    }
    // After a failure, an interrupt or a compaction the chain may be reset: say so.
    if (this.active?.session === active) {
      this.dispatch({ type: "next_preview", next: active.status().next });
    }
    if (result.aborted) this.returnQueue();
    else if (!this.sendQueued()) this.continueGoal();
    return result.ok;
  }

  /**
   * The goal's next turn, when one is active and nothing else waits (a queued message goes
   * first); its message is the goal's, not shown as the person's (docs/config.md, "Goals").
   */
  continueGoal() {
    if (this.busy || this.session?.goal?.current()?.status !== "active") return;
    const next = async (s: AgentSession) => (await s.goal?.next()) ?? { ok: true, aborted: false };
    void this.runOperation(next, false);
  }

  interrupt() {
    this.approvals.denyAll();
    this.questions.dismiss();
    this.active?.session.abort();
  }

  /** Ctrl+C: interrupt a turn, else clear the input, else (twice in a row) quit. */
  ctrlC() {
    const { quitArmed } = this.store.getState();
    const step = ctrlCStep({ busy: this.busy, quitArmed, inputEmpty: this.input.isEmpty() });
    if (step.do === "quit") return this.quit();
    if (step.do === "interrupt") this.interrupt();
    if (step.do === "clear_input") this.input.clear();
    this.set({ quitArmed: true, hint: step.hint });
  }

  /** Anything sent disarms quitting. */
  disarm() {
    const { quitArmed, hint } = this.store.getState();
    if (quitArmed || hint) this.set({ quitArmed: false, hint: "" });
  }

  /** Ctrl+O: the last command's whole output. */
  showOutput() {
    const last = this.store.getState().lastOutput;
    this.print(
      last
        ? {
            kind: "info",
            title: `$ ${last.command} (whole output)`,
            lines: last.output.trimEnd().split("\n"),
          }
        : { kind: "notice", level: "info", text: "No command output yet." },
    );
  }

  notice(level: "info" | "warning" | "error", text: string) {
    this.print({ kind: "notice", level, text });
  }

  openPicker(spec: PickerSpec) {
    this.set({ picker: openPicker(spec) });
  }

  /** Send the first queued message (false: none waits). */
  private sendQueued(): boolean {
    const next = this.store.getState().queue[0];
    if (next === undefined) return false;
    this.dispatch({ type: "dequeue" });
    this.send(next.text, next.images);
    return true;
  }

  /** Esc means stop: what was typed behind the turn goes back to the input, not sent. */
  private returnQueue() {
    const messages = this.store.getState().queue;
    if (messages.length === 0) return this.sendQueued();
    this.dispatch({ type: "clear_queue" });
    const joined = joinMessages(messages);
    this.input.prepend(joined.text, joined.images);
  }
}

/** Quitting never waits on a socket that will not close. */
const CLOSE_GRACE_MS = 2000;

/** Close `session`, waiting at most `ms` for it. */
async function closeWithin(session: AgentSession, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([session.close().catch(() => undefined), grace]);
  clearTimeout(timer);
}
