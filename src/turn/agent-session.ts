import {
  type MessageImage,
  messageText,
  type ResponseItem,
  userMessage,
} from "../protocol/items.js";
import type { ToolOutput } from "../protocol/tool-output.js";
import type {
  AgentSession,
  SessionOptions,
  SessionRewinds,
  SessionSettings,
  SessionStatus,
  TurnResult,
} from "../session/api.js";
import { carriedEffort } from "../session/effort-updates.js";
import { leadingContext } from "../session/environment.js";
import type {
  NextRequestPreview,
  RequestFinished,
  SessionEvent,
  SessionEventListener,
} from "../session/events.js";
import { FrozenToolOutputs } from "../session/history.js";
import type { LaneTable } from "../session/lanes.js";
import type { ModelClient } from "../session/model-client.js";
import { type RecordedSettings, sameSettings } from "../session/recorded-settings.js";
import { type FullRequest, RequestBuilder, type RequestFrame } from "../session/request.js";
import { skillMentionItems } from "../session/skill-context.js";
import { HistoryCompactor } from "./history-compactor.js";
import { runHookedTurn } from "./hooked-turn.js";
import { beginModelTurn, ModelWire, refuseEffortUpdates, type WireHistory } from "./model-wire.js";
import { createRequestPath, type SessionTransports } from "./request-path.js";
import type { RequestRecorder } from "./request-recorder.js";
import { TurnCheckpoints } from "./rewind.js";
import { sessionApprovalGate } from "./session-gate.js";
import { SessionHooks } from "./session-hooks.js";
import { nextRequestPreview, sessionStatus, settingsChangedEvent } from "./session-status.js";
import { PendingSettingsNote } from "./settings-note.js";
import { SteeringBuffer } from "./steering.js";
import { StoredHistory } from "./stored-history.js";
import type { TurnContext } from "./turn-context.js";
import type { TurnGuard } from "./turn-guard.js";
import { TurnTools } from "./turn-tools.js";
import { runUserShellTurn } from "./user-shell.js";
import { Warmup } from "./warmup.js";

/** How long close() waits for an interrupted turn to record its outputs (a shell kill's grace fits). */
const CLOSE_UNWIND_MS = 1_500;

export type { SessionTransports } from "./request-path.js";

/** Create the session the TUI, exec and the tests drive (src/session/api.ts). */
export function createSession(
  options: SessionOptions,
  transports: SessionTransports = {},
): Session {
  return new Session(options, transports);
}

export class Session implements AgentSession {
  readonly id: string;
  readonly notices: readonly string[];
  readonly knowledge: SessionOptions["knowledge"];
  private settings: SessionSettings;
  private readonly conversation: StoredHistory;
  private readonly frozen = new FrozenToolOutputs();
  private readonly builder: RequestBuilder;
  private readonly lanes: LaneTable;
  private readonly client: ModelClient;
  private readonly recorder: RequestRecorder;
  private readonly tools: TurnTools;
  /** The one approval gate of this session: policy, grants, and the person when there is one. */
  private readonly approve: ReturnType<typeof sessionApprovalGate>;
  private readonly lifetime = new AbortController();
  private readonly turns: TurnGuard;
  private readonly steering = new SteeringBuffer();
  private readonly warmup: Warmup;
  private readonly settingsNote = new PendingSettingsNote();
  private readonly compactor: HistoryCompactor;
  private readonly model: ModelWire;
  private readonly hooks: SessionHooks;
  private readonly checkpoints: TurnCheckpoints;

  constructor(
    private readonly options: SessionOptions,
    transports: SessionTransports,
  ) {
    this.id = options.id;
    this.notices = options.notices ?? [];
    this.knowledge = options.knowledge;
    this.settings = { ...options.settings };
    this.model = new ModelWire(this.settings);
    const { historyStore, restoredHistory } = options;
    const initial = this.model.initialHistory(options);
    this.conversation = new StoredHistory(historyStore, restoredHistory, initial);
    this.builder = new RequestBuilder(this.conversation.log, this.frozen);
    const hooks = {
      promptCacheKey: this.promptCacheKey,
      onEpochReset: () => this.frozen.clear(),
      onUpdateRefused: (model: string) => {
        options.onNoEffortUpdates?.(model);
        const message = refuseEffortUpdates(this.model, this.wireHistory, model);
        this.emit({ type: "warning", message });
      },
      onCacheOptionsRefused: (model: string) => this.cacheOptionsRefused(model),
    };
    const path = createRequestPath(options, transports, hooks);
    ({ lanes: this.lanes, client: this.client, recorder: this.recorder, turns: this.turns } = path);
    const warn = (message: string) => this.emit({ type: "warning", message });
    this.hooks = new SessionHooks(options, () => this.settings.model, warn);
    this.approve = sessionApprovalGate(options, warn, this.hooks);
    const busy = () => this.turns.busy;
    this.checkpoints = TurnCheckpoints.forSession(options, this.conversation, { warn, busy });
    this.tools = new TurnTools(options.tools, options.mcp, {
      onChange: () => this.announceSettings(),
      warn,
    });
    this.warmup = Warmup.over(this.client, {
      build: () => this.build(),
      onRequestStarted: (request) => this.emit({ type: "request_started", request }),
      onRequestFinished: (request) => this.recordRequest(request),
    });
    if (options.restoredSettings) this.settingsChanged(options.restoredSettings);
    this.compactor = new HistoryCompactor({
      limit: options.autoCompactTokenLimit,
      items: () => this.conversation.items,
      replace: (items, why) => this.replaceHistory(items, why),
      beforeCompact: (auto, signal) => this.hooks.compacting(auto, signal),
      remote: () => this.model.remoteCompaction(this.settings.model),
      remoteFailed: () => this.model.refuseRemoteCompaction(),
    });
  }

  subscribe(listener: SessionEventListener): () => void {
    return this.recorder.subscribe(listener);
  }

  /** One user turn; `images` are data URLs sent as `input_image` parts of the message. */
  async send(input: string, images: readonly (string | MessageImage)[] = []): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      let at: number | undefined;
      this.tools.showWarnings();
      this.tools.beginTurn();
      this.compactor.beginTurn();
      // open before the warm-up wait: Enter while the warm-up runs steers this turn
      this.steering.begin();
      try {
        if (this.options.warmup) void this.warmup.ensure(this.lifetime.signal);
        await this.warmup.settled(signal); // an interrupt ends this wait (the warm-up's signal is not the turn's)
        const hookContext = await this.hooks.promptSubmitted(input, signal);
        const early = this.steering.take(); // arrived during the warm-up: right after the message
        const opening = [
          ...beginModelTurn(this.model, this.wireHistory, {
            ...this.settings,
            instructions: this.options.instructions,
            tools: this.tools.offered,
          }),
          ...this.settingsNote.take(),
        ];
        const message = userMessage(input, images);
        at = this.conversation.items.length + opening.length;
        await this.checkpoints.beforeTurn(at, messageText(message) ?? input);
        this.conversation.append([
          ...opening,
          message,
          ...skillMentionItems(input, this.knowledge?.skills ?? []),
          ...hookContext,
          ...early,
        ]);
        const context = this.turnContext(turn, signal);
        return await runHookedTurn(this.hooks, this.options.approve?.bind(this.options), {
          ...context,
          maxToolRounds: this.options.maxToolRoundsPerTurn || undefined,
          beforeSample: () => {
            this.conversation.append(this.model.effortUpdate(this.history(), this.settings));
            return this.compactor.compactIfOver(context);
          },
          takeSteering: () => this.steering.take(),
        });
      } finally {
        const untaken = this.steering.end();
        if (untaken.length > 0) this.conversation.append(untaken);
        if (signal.aborted) this.lanes.interrupted(this.client.lastLane);
        if (at !== undefined) await this.checkpoints.afterTurn(at);
      }
    });
  }

  /**
   * `!command`: run it with the shell tool under the session's sandbox (the person typed it:
   * no approval), show it like any command, and keep it as context for the next message.
   */
  async runUserShell(command: string): Promise<TurnResult> {
    return this.turns.run((turn, signal) =>
      runUserShellTurn(command, this.turnContext(turn, signal)),
    );
  }

  async compact(): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      await this.warmup.settled(signal); // one request at a time on the chain
      this.tools.beginTurn();
      this.conversation.append(this.settingsNote.take());
      const { summary, usage } = await this.compactor.summarize(
        this.turnContext(turn, signal),
        "manual",
      );
      return { usage, ...(summary === undefined ? {} : { lastMessage: summary }) };
    });
  }

  steer(text: string, images: readonly MessageImage[] = []): boolean {
    return this.steering.offer(text, images);
  }

  abort(): void {
    this.turns.abort();
  }

  update(partial: Partial<SessionSettings>): void {
    const before = this.settings;
    this.settings = { ...this.settings, ...partial };
    this.settingsChanged(before);
    this.announceSettings();
  }

  async prepare(): Promise<void> {
    this.tools.showWarnings();
    await this.warmup.ensure(this.lifetime.signal);
  }

  rules() {
    return this.options.rules;
  }

  mcpServers() {
    return this.options.mcp?.status() ?? [];
  }

  get terminals() {
    return this.options.terminals;
  }

  status(): SessionStatus {
    return sessionStatus({
      sessionId: this.id,
      provider: this.options.provider,
      client: this.client,
      lanes: this.lanes,
      settings: this.settings,
      inBand: this.model.inBand(this.settings.model),
      totals: this.recorder.totals.snapshot(),
      next: () => this.nextRequest(),
    });
  }

  history(): readonly ResponseItem[] {
    return this.conversation.items;
  }

  /** /new: back to the initial context; the next request is `epoch_reset:new`. */
  newConversation(): void {
    this.replaceHistory(leadingContext(this.conversation.items), "new");
  }

  /** Edit an earlier item (the next request is full: `prefix_mismatch@<index>`). */
  replaceHistoryItem(index: number, item: ResponseItem): void {
    this.conversation.replaceAt(index, item);
  }

  /** Drop items from `length` on (undo); the next request is full: `input_shorter`. */
  truncateHistory(length: number): void {
    this.conversation.truncate(length);
  }

  rewinds(): SessionRewinds {
    return this.checkpoints;
  }

  /** A tool re-rendered a finished output; the model keeps seeing the frozen text. */
  rerenderToolOutput(callId: string, output: ToolOutput): boolean {
    return this.conversation.log.replaceToolOutput(callId, output);
  }

  /** Stop the turn and wait (bounded) for its outputs before the session file is let go. */
  async close(): Promise<void> {
    this.lifetime.abort();
    await this.turns.stop(CLOSE_UNWIND_MS);
    // background terminals end with the session (each reports its end as command_finished)
    await this.options.terminals?.stopAll();
    this.tools.close();
    this.client.close();
    this.conversation.close();
  }

  /** What the turn loop, tool dispatch, compaction and `!command` of turn `turn` work with. */
  private turnContext(turn: number, signal: AbortSignal): TurnContext {
    const { cwd, workspaceRoots, sandbox, tools } = this.options;
    return {
      turn,
      signal,
      client: this.client,
      tools,
      cwd,
      workspaceRoots,
      sandbox,
      approve: this.approve,
      build: (extra) => this.build(extra),
      append: (items) => this.conversation.append(items),
      recordPatchIntent: (callId, intent) => this.conversation.recordPatchIntent(callId, intent),
      emit: (event) => this.emit(event),
      onRequestStarted: (request) => this.emit({ type: "request_started", request }),
      onRequestFinished: (request) => this.recordRequest(request),
    };
  }

  private get promptCacheKey(): string {
    return this.options.promptCacheKey ?? this.id;
  }

  private frame(): RequestFrame {
    return {
      // the frame's sessionId becomes the request's prompt_cache_key
      sessionId: this.promptCacheKey,
      instructions: this.options.instructions,
      tools: this.tools.offered,
      settings: this.settings,
      wire: this.model.wire(this.settings),
    };
  }

  /** The provider refused prompt_cache_options: requests go without them (one warning). */
  private cacheOptionsRefused(model: string): void {
    this.model.refuseCacheOptions(model);
    this.emit({
      type: "warning",
      message: `the provider does not take prompt cache options for ${model}; requests go without them for the rest of this session`,
    });
  }

  private build(extra: readonly ResponseItem[] = []): FullRequest {
    return this.recorder.built(this.builder.build(this.frame(), extra));
  }

  /** The history as ModelWire may read and replace it. */
  private get wireHistory(): WireHistory {
    return {
      items: this.conversation.items,
      replace: (items, why) => this.replaceHistory(items, why),
    };
  }

  private nextRequest(): NextRequestPreview {
    const frame = { ...this.frame(), tools: this.tools.upcoming() };
    const update = this.model.effortUpdate(this.history(), this.settings);
    const next = this.client.preview(
      this.builder.build(frame, [...this.settingsNote.peek(), ...update]),
    );
    return nextRequestPreview(next, this.lanes, carriedEffort(update));
  }

  private replaceHistory(items: ResponseItem[], why: string): void {
    this.conversation.replaceAll(items);
    this.lanes.resetEpoch(why);
  }

  /** Model or effort changed since `before`: the model is told, the session file records it. */
  private settingsChanged(before: RecordedSettings): void {
    const { model, effort } = this.settings;
    const now = { model, ...(effort ? { effort } : {}) };
    if (sameSettings(before, now)) return;
    // an in-band effort change needs no note: its configuration_update says it
    if (before.model !== model || !this.model.inBand(model))
      this.settingsNote.update(before, this.settings);
    this.conversation.recordSettings(now);
  }

  private recordRequest(finished: RequestFinished): void {
    this.compactor.observe(finished);
    this.recorder.record(finished);
  }

  /** Settings or a server's tool list changed: the preview says what the next turn sends. */
  private announceSettings(): void {
    this.emit(settingsChangedEvent(this.settings, this.nextRequest()));
  }

  private emit(event: SessionEvent): void {
    this.recorder.emit(event);
  }
}
