import {
  type AgentContext,
  type ClientCapabilities,
  type ContentBlock,
  type PromptResponse,
  RequestError,
  type SessionConfigOption,
  type SessionModeState,
  type SessionUpdate,
  type StopReason,
} from "@agentclientprotocol/sdk";
import {
  knownContextWindow,
  type OpenedSession,
  openSession,
  type Runtime,
} from "../launch/index.js";
import { errorMessage } from "../protocol/index.js";
import type {
  AgentSession,
  RequestFinished,
  SessionEvent,
  SteerReceipt,
  TurnResult,
} from "../session/index.js";
import type { ApprovalDecision, ApprovalRequest, HookTrustQuestion } from "../tools/index.js";
import { askYesNo } from "./client-questions.js";
import { chosenSettings, configOptions } from "./config-options.js";
import { historyUpdates } from "./history-replay.js";
import { type AcpMode, findMode, modeOf, modeState } from "./modes.js";
import { ownMeta } from "./own-meta.js";
import { decisionOf, permissionOptions, permissionToolCall } from "./permissions.js";
import { promptInput } from "./prompt-input.js";
import { availableCommands, type CommandHost, slashCommand } from "./slash-commands.js";
import { TurnUpdates } from "./turn-updates.js";
import { TurnTotals, usageUpdate } from "./usage.js";

// One ACP session: a mini-codex session (its id is the session file's) on a runtime of its own,
// with everything the editor sees of it — the turn's updates in order, approvals as permission
// requests, usage after each request, modes and config options, slash commands — and the
// prompt, cancel, steer and close it is driven by.

/** Events that come while a response streams (its request's usage waits past them). */
const STREAMING = new Set<SessionEvent["type"]>(["text_delta", "reasoning_delta", "steer_state"]);

/** How the session reaches the editor. */
export interface EditorLink {
  client: AgentContext;
  capabilities: ClientCapabilities | undefined;
}

/** What opening a session needs besides its runtime. */
interface OpenAs {
  resume?: { id: string };
  /** `session/load`: the saved conversation is replayed before the response. */
  replay?: boolean;
}

export class AcpSession implements CommandHost {
  private opened!: OpenedSession;
  private unsubscribe = () => {};
  private updates!: TurnUpdates;
  /** Updates go out in order; a response waits for the ones before it. */
  private outbox: Promise<void> = Promise.resolve();
  private running: Promise<unknown> | undefined;
  private totals: TurnTotals | undefined;
  /** Aborted by session/cancel: the permission questions of the turn stop waiting. */
  private cancelled = new AbortController();
  private pendingMode: AcpMode | undefined;
  /** The session's last finished request, reported with the first event after its response. */
  private finished: RequestFinished | undefined;
  private closed = false;

  private runtimeNow: Runtime;
  /** Asked before the first prompt (trust the editor could not be asked about at open). */
  private beforeFirstPrompt: (() => Promise<{ runtime: Runtime; changed: boolean }>) | undefined;

  /** `base` is the session's own runtime: closing the session closes it. */
  private constructor(
    private base: Runtime,
    private readonly link: EditorLink,
  ) {
    this.runtimeNow = base;
  }

  /** Questions to ask once the session exists (a permission request needs its id). */
  askBeforeFirstPrompt(questions: () => Promise<{ runtime: Runtime; changed: boolean }>): void {
    this.beforeFirstPrompt = questions;
  }

  /**
   * Go on from the session file on another runtime: a new one (trust decided, hooks trusted),
   * which replaces the base; or the base seen under another sandbox and approval policy (a mode).
   */
  private async rebase(runtime: Runtime): Promise<void> {
    const { model, effort } = this.session.status();
    this.unsubscribe();
    await this.session.close();
    const replaces = runtime.close !== this.base.close;
    if (replaces) {
      await this.base.close();
      this.base = runtime;
    }
    this.runtimeNow = runtime;
    await this.start({ id: this.id });
    const now = this.session.status();
    if (now.model !== model || now.effort !== effort) this.session.update({ model, effort });
    this.send({ sessionUpdate: "current_mode_update", currentModeId: modeOf(runtime.sandbox).id });
  }

  static async open(runtime: Runtime, link: EditorLink, as: OpenAs): Promise<AcpSession> {
    const session = new AcpSession(runtime, link);
    await session.start(as.resume);
    if (as.replay) {
      for (const update of historyUpdates(session.session.history(), runtime.cwd)) {
        session.send(update);
      }
      await session.flush();
    }
    return session;
  }

  get id(): string {
    return this.opened.id;
  }

  get session(): AgentSession {
    return this.opened.session;
  }

  get runtime(): Runtime {
    return this.runtimeNow;
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  modes(): SessionModeState {
    return modeState(this.runtimeNow.sandbox);
  }

  configOptions(): SessionConfigOption[] {
    const { model, effort } = this.session.status();
    return configOptions({ model, ...(effort ? { effort } : {}) });
  }

  /** What an editor is told once the session is open: its commands, and what opening it found. */
  announce(notes: readonly string[]): void {
    for (const text of [...notes, ...(this.session.notices ?? [])]) this.say(text);
    this.send({
      sessionUpdate: "available_commands_update",
      availableCommands: availableCommands(this.session),
    });
  }

  private async start(resume: { id: string } | undefined): Promise<void> {
    this.opened = await openSession(this.runtimeNow, {
      warmup: false,
      approve: (request) => this.approve(request),
      askHookTrust: (question, signal) => this.askHookTrust(question, signal),
      ...(resume ? { resume } : {}),
    });
    this.updates = new TurnUpdates({
      cwd: this.runtimeNow.cwd,
      note: (text) => this.noteUpdate(text),
    });
    this.unsubscribe = this.session.subscribe((event) => this.onEvent(event));
  }

  private onEvent(event: SessionEvent): void {
    if (event.type === "request_finished") {
      this.totals?.add(event.request);
      // a subagent's request: its cost shows on its own tool call
      if (!event.request.agent) this.finished = event.request;
    } else if (this.finished && !STREAMING.has(event.type)) {
      // once the response's items are in history: the next request's forecast sees them
      this.send(usageUpdate(this.finished, this.session.status(), this.contextWindow()));
      this.finished = undefined;
    }
    if (event.type === "settings_changed") {
      this.send({ sessionUpdate: "config_option_update", configOptions: this.configOptions() });
    }
    for (const update of this.updates.map(event)) this.send(update);
  }

  private contextWindow(): number | undefined {
    return (
      this.runtimeNow.config.model.contextWindow ?? knownContextWindow(this.session.status().model)
    );
  }

  send(update: SessionUpdate): void {
    const params = { sessionId: this.id, update };
    this.outbox = this.outbox
      .then(() => this.link.client.notify("session/update", params))
      .catch((error: unknown) => {
        process.stderr.write(`mini-codex acp: an update was not sent: ${errorMessage(error)}\n`);
      });
  }

  flush(): Promise<void> {
    return this.outbox;
  }

  /** Words for the person: a notice where the editor shows them, else the agent's message. */
  private noteUpdate(text: string): SessionUpdate {
    if (this.link.capabilities?.session?.notices) {
      return {
        sessionUpdate: "notice",
        severity: text.startsWith("⚠") ? "warning" : "info",
        title: text,
      };
    }
    // its own paragraph of the agent's message (it may follow streamed text)
    return { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `\n${text}\n` } };
  }

  say(text: string): void {
    this.send({
      sessionUpdate: "agent_message_chunk",
      content: { type: "text", text: `${text}\n` },
    });
  }

  /** The engine's approval question, asked as `session/request_permission`. */
  private async approve(request: ApprovalRequest): Promise<ApprovalDecision> {
    const toolCall = permissionToolCall(request, this.runtimeNow.cwd);
    // a subagent's call was never announced: the editor gets it before the question
    if (request.agent) {
      const { toolCallId, title, kind, content, locations, _meta } = toolCall;
      this.send({
        sessionUpdate: "tool_call",
        toolCallId,
        title: title ?? "",
        ...(kind ? { kind } : {}),
        status: "pending",
        ...(content ? { content } : {}),
        ...(locations ? { locations } : {}),
        ...(_meta ? { _meta } : {}),
      });
    }
    await this.flush();
    try {
      const answer = await this.link.client.request(
        "session/request_permission",
        { sessionId: this.id, toolCall, options: permissionOptions(request) },
        { cancellationSignal: this.cancelled.signal, stopWaitingOnCancel: true },
      );
      return decisionOf(request, answer.outcome);
    } catch (error) {
      if (!this.cancelled.signal.aborted) {
        this.say(`⚠ The permission question failed (${errorMessage(error)}): treated as "no".`);
      }
      return { kind: "deny" };
    }
  }

  /**
   * A trusted hook's files changed during the session and it is about to run: run it as it is
   * now? (the TUI's picker, asked through the editor; no answer is "no": it does not run).
   */
  private async askHookTrust(question: HookTrustQuestion, signal: AbortSignal): Promise<boolean> {
    await this.flush();
    const answer = await askYesNo(
      this.link,
      {
        sessionId: this.id,
        title: `Run the ${question.event} hook as it is now?`,
        lines: [
          "A hook you trusted changed since; it runs as you, unconfined:",
          `  ${question.event}: ${question.command}  (${question.source})`,
          ...question.reasons.map((reason) => `    ${reason}`),
        ],
        yes: "Yes, trust it as it is now and run it",
        no: "No, don't run it in this session",
      },
      AbortSignal.any([signal, this.cancelled.signal]),
    );
    if (answer.unanswered) this.say(`The hook was not run (not answered: ${answer.unanswered}).`);
    return answer.yes;
  }

  /** `session/prompt`: a slash command, or a message as one turn. */
  async prompt(blocks: readonly ContentBlock[]): Promise<PromptResponse> {
    if (this.closed) throw RequestError.sessionNotFound(this.id);
    if (this.running) {
      throw RequestError.invalidRequest(
        { sessionId: this.id },
        `a turn is running in session ${this.id}: cancel it first, or steer it with _mini-codex/steer`,
      );
    }
    const questions = this.beforeFirstPrompt;
    this.beforeFirstPrompt = undefined;
    if (questions) {
      const settled = await questions();
      if (settled.changed) await this.rebase(settled.runtime);
    }
    const input = promptInput(blocks);
    const command = input.images.length === 0 ? slashCommand(input.text, this.session) : undefined;
    return this.asTurn(async () =>
      command ? command.run(this) : this.session.send(input.text, input.images),
    );
  }

  /** Run one prompt's work, add up its requests, and answer with its stop reason and totals. */
  private async asTurn(work: () => Promise<TurnResult>): Promise<PromptResponse> {
    this.cancelled = new AbortController();
    const totals = new TurnTotals(this.session.status().planUsage?.latest);
    this.totals = totals;
    const running = work();
    this.running = running;
    let result: TurnResult;
    try {
      result = await running;
    } catch (error) {
      result = { ok: false, aborted: false, error: errorMessage(error) };
    } finally {
      this.running = undefined;
      this.totals = undefined;
    }
    await this.applyPendingMode();
    await this.flush();
    const meta = ownMeta({
      session_id: this.id,
      turn: totals.facts(this.session.status().costDisplay),
    });
    if (result.ok) return { stopReason: "end_turn", _meta: meta };
    const stop: StopReason | undefined =
      this.cancelled.signal.aborted || result.aborted
        ? "cancelled"
        : result.toolRoundLimit
          ? "max_turn_requests"
          : undefined;
    if (stop) return { stopReason: stop, _meta: meta };
    throw new RequestError(-32603, `the turn failed: ${result.error ?? "unknown error"}`, meta);
  }

  /** CommandHost: an operation of a slash command as the prompt's turn. */
  turn(operation: (session: AgentSession) => Promise<TurnResult>): Promise<TurnResult> {
    return operation(this.session);
  }

  async fork(): Promise<string> {
    const fork = await openSession(this.runtimeNow, { warmup: false, fork: { id: this.id } });
    await fork.session.close();
    return fork.id;
  }

  async review(prompt: string): Promise<TurnResult> {
    const fork = await openSession(this.runtimeNow, {
      warmup: false,
      review: true,
      fork: { id: this.id },
    });
    this.say(`Reviewing in a read-only fork (${fork.id}); this session is unchanged.`);
    const shown = new TurnUpdates({
      cwd: this.runtimeNow.cwd,
      note: (text) => this.noteUpdate(text),
    });
    const stop = fork.session.subscribe((event) => {
      if (event.type === "request_finished") this.totals?.add(event.request);
      // the review's own words are its findings, said once it ends; its tool calls show
      const words =
        event.type === "text_delta" ||
        (event.type === "item_completed" && event.item.type === "message");
      if (words) return;
      for (const update of shown.map(event)) this.send(update);
    });
    const abort = () => fork.session.abort();
    this.cancelled.signal.addEventListener("abort", abort);
    try {
      return await fork.session.send(prompt);
    } finally {
      this.cancelled.signal.removeEventListener("abort", abort);
      stop();
      await fork.session.close();
    }
  }

  /** `session/cancel`: the turn stops (its commands' processes with it) and questions stop waiting. */
  cancel(): void {
    this.cancelled.abort();
    this.session.abort();
  }

  /** The `_mini-codex/steer` extension: a message into the running turn. */
  steer(blocks: readonly ContentBlock[]): SteerReceipt {
    const input = promptInput(blocks);
    const receipt = this.running ? this.session.steer(input.text, input.images) : undefined;
    if (!receipt) {
      throw RequestError.invalidRequest(
        { sessionId: this.id },
        "no turn is running: send a prompt instead",
      );
    }
    return receipt;
  }

  /** `session/set_config_option`: model or effort for the next request, as /model and /effort. */
  setConfigOption(configId: string, value: string): SessionConfigOption[] {
    const { model, effort } = this.session.status();
    const chosen = chosenSettings(configId, value, { model, ...(effort ? { effort } : {}) });
    if ("error" in chosen) throw RequestError.invalidParams({ configId, value }, chosen.error);
    this.session.update(chosen.settings);
    return this.configOptions();
  }

  /**
   * `session/set_mode`: the sandbox and approval policy of a mode. The session goes on from its
   * file under them (told to the model with the next message); during a turn, once it ends.
   */
  async setMode(modeId: string): Promise<{ appliesAfterTurn: boolean }> {
    const mode = findMode(modeId);
    if (!mode) {
      throw RequestError.invalidParams(
        { modeId },
        `no mode "${modeId}" (${this.modes()
          .availableModes.map((m) => m.id)
          .join(", ")})`,
      );
    }
    this.pendingMode = mode;
    if (this.running) return { appliesAfterTurn: true };
    await this.applyPendingMode();
    return { appliesAfterTurn: false };
  }

  private async applyPendingMode(): Promise<void> {
    const mode = this.pendingMode;
    this.pendingMode = undefined;
    if (!mode || this.closed) return;
    const same =
      mode.sandbox === this.runtimeNow.sandbox &&
      mode.approvalPolicy === this.runtimeNow.approvalPolicy;
    if (same) {
      this.send({ sessionUpdate: "current_mode_update", currentModeId: mode.id });
      return;
    }
    // the same runtime under the mode's sandbox and approval policy (closed with the base)
    await this.rebase({ ...this.base, sandbox: mode.sandbox, approvalPolicy: mode.approvalPolicy });
  }

  /** `session/close` (and the connection's end): the turn stops, the file is let go. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancel();
    this.unsubscribe();
    try {
      await this.session.close();
    } finally {
      await this.base.close();
    }
    await this.flush();
  }
}
