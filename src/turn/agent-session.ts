import { type MessageImage, type ResponseItem, userMessage } from "../protocol/items.js";
import type { ToolOutput } from "../protocol/tool-output.js";
import type {
  AgentSession,
  SessionOptions,
  SessionSettings,
  SessionStatus,
  TurnResult,
} from "../session/api.js";
import { leadingContext } from "../session/environment.js";
import type {
  NextRequestPreview,
  RequestFinished,
  SessionEvent,
  SessionEventListener,
} from "../session/events.js";
import { FrozenToolOutputs } from "../session/history.js";
import type { LaneTable } from "../session/lanes.js";
import { WARMUP_TURN } from "../session/ledger.js";
import type { ModelClient } from "../session/model-client.js";
import { type FullRequest, RequestBuilder, type RequestFrame } from "../session/request.js";
import { createApprovalGate } from "../tools/approval/gate.js";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";
import { HistoryCompactor } from "./history-compactor.js";
import { ModelWire, withoutUpdates } from "./model-wire.js";
import { createRequestPath, type SessionTransports } from "./request-path.js";
import type { RequestRecorder } from "./request-recorder.js";
import { nextRequestPreview, sessionStatus, settingsChangedEvent } from "./session-status.js";
import { PendingSettingsNote } from "./settings-note.js";
import { SteeringBuffer } from "./steering.js";
import { StoredHistory } from "./stored-history.js";
import type { TurnGuard } from "./turn-guard.js";
import { runTurnLoop } from "./turn-loop.js";
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
  private settings: SessionSettings;
  private readonly conversation: StoredHistory;
  private readonly frozen = new FrozenToolOutputs();
  private readonly builder: RequestBuilder;
  private readonly lanes: LaneTable;
  private readonly client: ModelClient;
  private readonly recorder: RequestRecorder;
  private readonly tools: TurnTools;
  /** The one approval gate of this session: policy, grants, and the person when there is one. */
  private readonly approve: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  private readonly lifetime = new AbortController();
  private readonly turns: TurnGuard;
  private readonly steering = new SteeringBuffer();
  private readonly warmup: Warmup;
  private readonly settingsNote = new PendingSettingsNote();
  private readonly compactor: HistoryCompactor;
  private readonly model: ModelWire;

  constructor(
    private readonly options: SessionOptions,
    transports: SessionTransports,
  ) {
    this.id = options.id;
    this.notices = options.notices ?? [];
    this.settings = { ...options.settings };
    this.model = new ModelWire(this.settings);
    const { historyStore, restoredHistory, initialContext = [] } = options;
    const leading = this.model.leadingItems(
      this.settings.model,
      options.instructions,
      options.tools.specs(),
    );
    const initial = [...leading, ...initialContext];
    this.conversation = new StoredHistory(historyStore, restoredHistory, initial);
    this.builder = new RequestBuilder(this.conversation.log, this.frozen);
    const hooks = {
      promptCacheKey: this.promptCacheKey,
      onEpochReset: () => this.frozen.clear(),
      onUpdateRefused: (model: string) => this.updatesRefused(model),
      onCacheOptionsRefused: (model: string) => this.cacheOptionsRefused(model),
    };
    const path = createRequestPath(options, transports, hooks);
    ({ lanes: this.lanes, client: this.client, recorder: this.recorder, turns: this.turns } = path);
    this.approve = createApprovalGate({
      policy: options.approvalPolicy,
      sandbox: options.sandbox,
      cwd: options.cwd,
      ...(options.approve ? { ask: options.approve.bind(options) } : {}),
    });
    this.tools = new TurnTools(options.tools, options.mcp, {
      onChange: () => this.announceSettings(),
      warn: (message) => this.emit({ type: "warning", message }),
    });
    this.warmup = new Warmup((signal) =>
      this.client.warmup({
        turn: WARMUP_TURN,
        signal,
        build: () => this.build(),
        onEvent: () => {},
        onRequestStarted: (request) => this.emit({ type: "request_started", request }),
        onRequestFinished: (request) => this.recordRequest(request),
      }),
    );
    this.compactor = new HistoryCompactor({
      client: this.client,
      tools: options.tools,
      limit: options.autoCompactTokenLimit,
      items: () => this.conversation.items,
      build: (extra) => this.recorder.built(this.builder.build(this.frame(), extra)),
      replace: (items, why) => this.replaceHistory(items, why),
      emit: (event) => this.emit(event),
      onRequestFinished: (request) => this.recordRequest(request),
    });
  }

  subscribe(listener: SessionEventListener): () => void {
    return this.recorder.subscribe(listener);
  }

  /** One user turn; `images` are data URLs sent as `input_image` parts of the message. */
  async send(input: string, images: readonly (string | MessageImage)[] = []): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      this.tools.showWarnings();
      this.tools.beginTurn();
      // open before the warm-up wait: Enter while the warm-up runs steers this turn
      this.steering.begin();
      try {
        await (this.options.warmup ? this.warmup.ensure(signal) : this.warmup.pending);
        const early = this.steering.take(); // arrived during the warm-up: right after the message
        this.conversation.append([
          ...this.modelTurnItems(),
          ...this.settingsNote.take(),
          userMessage(input, images),
          ...early,
        ]);
        return await runTurnLoop({
          turn,
          signal,
          client: this.client,
          tools: this.options.tools,
          build: () => this.build(),
          append: (items) => this.conversation.append(items),
          emit: (event) => this.emit(event),
          onRequestStarted: (request) => this.emit({ type: "request_started", request }),
          onRequestFinished: (request) => this.recordRequest(request),
          cwd: this.options.cwd,
          workspaceRoots: this.options.workspaceRoots,
          sandbox: this.options.sandbox,
          approve: this.approve,
          maxToolRounds: this.options.maxToolRoundsPerTurn || undefined,
          beforeSample: () => {
            this.conversation.append(this.effortUpdate());
            return this.compactor.compactIfOver(turn, signal);
          },
          takeSteering: () => this.steering.take(),
        });
      } finally {
        const untaken = this.steering.end();
        if (untaken.length > 0) this.conversation.append(untaken);
        if (signal.aborted) this.lanes.interrupted(this.client.lastLane);
      }
    });
  }

  /**
   * `!command`: run it with the shell tool under the session's sandbox (the person typed it:
   * no approval), show it like any command, and keep it as context for the next message.
   */
  async runUserShell(command: string): Promise<TurnResult> {
    return this.turns.run((turn, signal) =>
      runUserShellTurn(command, turn, signal, {
        options: this.options,
        emit: (event) => this.emit(event),
        append: (items) => this.conversation.append(items),
      }),
    );
  }

  async compact(): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      await this.warmup.pending; // one request at a time on the chain
      this.tools.beginTurn();
      this.conversation.append(this.settingsNote.take());
      const { summary, usage } = await this.compactor.summarize(turn, signal, false);
      return { usage, lastMessage: summary };
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
    // an in-band effort change needs no note: its configuration_update says it
    if (before.model !== this.settings.model || !this.model.inBand(this.settings.model))
      this.settingsNote.update(before, this.settings);
    this.announceSettings();
  }

  async prepare(): Promise<void> {
    this.tools.showWarnings();
    await this.warmup.ensure(this.lifetime.signal);
  }

  mcpServers() {
    return this.options.mcp?.status() ?? [];
  }

  status(): SessionStatus {
    return sessionStatus({
      sessionId: this.id,
      provider: this.options.provider,
      client: this.client,
      lanes: this.lanes,
      settings: this.settings,
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

  /** A tool re-rendered a finished output; the model keeps seeing the frozen text. */
  rerenderToolOutput(callId: string, output: ToolOutput): boolean {
    return this.conversation.log.replaceToolOutput(callId, output);
  }

  /** Stop the turn and wait (bounded) for its outputs before the session file is let go. */
  async close(): Promise<void> {
    this.lifetime.abort();
    await this.turns.stop(CLOSE_UNWIND_MS);
    this.tools.close();
    this.client.close();
    this.conversation.close();
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

  /** A user turn begins: what the model's shape needs in history first (lite tools). */
  private modelTurnItems(): ResponseItem[] {
    const { model } = this.settings;
    if (this.model.needsStripping(this.conversation.items, model)) {
      this.replaceHistory(withoutUpdates(this.conversation.items), "effort_updates_off");
    }
    const items = this.conversation.items;
    return this.model.turnItems(items, model, this.options.instructions, this.tools.offered);
  }

  private effortUpdate(): ResponseItem[] {
    return this.model.effortUpdate(this.conversation.items, this.settings);
  }

  /** The server refused a configuration_update: lanes from now on, history without updates. */
  private updatesRefused(model: string): void {
    this.model.refuse(model);
    this.replaceHistory(withoutUpdates(this.conversation.items), "effort_updates_off");
    this.emit({
      type: "warning",
      message: `${model} does not take in-band effort changes (configuration_update); they go on lanes for the rest of this session`,
    });
  }

  /** The provider refused prompt_cache_options: requests go without them (one warning). */
  private cacheOptionsRefused(model: string): void {
    this.model.refuseCacheOptions(model);
    this.emit({
      type: "warning",
      message: `the provider does not take prompt cache options for ${model}; requests go without them for the rest of this session`,
    });
  }

  private build(): FullRequest {
    return this.recorder.built(this.builder.build(this.frame()));
  }

  private nextRequest(): NextRequestPreview {
    const frame = { ...this.frame(), tools: this.tools.upcoming() };
    const extra = [...this.settingsNote.peek(), ...this.effortUpdate()];
    const next = this.client.preview(this.builder.build(frame, extra));
    return nextRequestPreview(next, this.lanes);
  }

  private replaceHistory(items: ResponseItem[], why: string): void {
    this.conversation.replaceAll(items);
    this.lanes.resetEpoch(why);
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
