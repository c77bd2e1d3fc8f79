import { type MessageImage, type ResponseItem, userMessage } from "../protocol/items.js";
import type { ToolOutput } from "../protocol/tool-output.js";
import type {
  AgentSession,
  SessionOptions,
  SessionSettings,
  SessionStatus,
  TurnResult,
} from "../session/api.js";
import { CacheExplainer, seedFromLedgerRow } from "../session/cache-explainer.js";
import { leadingContext, settingsChangedMessage } from "../session/environment.js";
import { EventHub, RequestTotals } from "../session/event-hub.js";
import type {
  NextRequestPreview,
  RequestFinished,
  SessionEvent,
  SessionEventListener,
} from "../session/events.js";
import { ConversationHistory, FrozenToolOutputs } from "../session/history.js";
import { LaneTable } from "../session/lanes.js";
import { LedgerWriter, ledgerRow, WARMUP_TURN } from "../session/ledger.js";
import { ModelClient, type ModelClientOptions } from "../session/model-client.js";
import { type FullRequest, RequestBuilder, type RequestFrame } from "../session/request.js";
import { noUsage } from "../session/usage.js";
import { createApprovalGate } from "../tools/approval/gate.js";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";
import { compactedHistory, needsAutoCompact, requestSummary } from "./compaction.js";
import { SteeringBuffer } from "./steering.js";
import { TurnGuard } from "./turn-guard.js";
import { runTurnLoop, TurnAbortedError } from "./turn-loop.js";
import { TurnTools } from "./turn-tools.js";
import { runUserShellCommand, userShellCallId, userShellContext } from "./user-shell.js";

/** How long close() waits for an interrupted turn to record its outputs (a shell kill's grace fits). */
const CLOSE_UNWIND_MS = 1_500;

/** Test seams: what talks to the world, injectable without monkey-patching. */
export type SessionTransports = Pick<ModelClientOptions, "createWebSocket" | "createHttp" | "now">;

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
  private readonly hub = new EventHub();
  private settings: SessionSettings;
  private readonly log: ConversationHistory;
  private readonly frozen = new FrozenToolOutputs();
  private readonly builder: RequestBuilder;
  private readonly lanes: LaneTable;
  private readonly client: ModelClient;
  private readonly ledger: LedgerWriter;
  private readonly tools: TurnTools;
  private readonly cache: CacheExplainer;
  /** The one approval gate of this session: policy, grants, and the person when there is one. */
  private readonly approve: (request: ApprovalRequest) => Promise<ApprovalDecision>;
  private readonly lifetime = new AbortController();
  private readonly turns: TurnGuard;
  private readonly steering = new SteeringBuffer();
  private warm: Promise<void> | undefined;
  private settingsNote: ResponseItem | undefined;
  /** Input tokens of the last response: what the model had to read (auto-compaction). */
  private lastInputTokens = 0;
  private readonly totals = new RequestTotals();

  constructor(
    private readonly options: SessionOptions,
    transports: SessionTransports,
  ) {
    this.id = options.id;
    this.notices = options.notices ?? [];
    this.settings = { ...options.settings };
    const initial = options.restoredHistory ?? options.initialContext ?? [];
    if (!options.restoredHistory && initial.length > 0) options.historyStore?.append([...initial]);
    this.log = new ConversationHistory(initial);
    this.builder = new RequestBuilder(this.log, this.frozen);
    this.lanes = new LaneTable({
      lanes: options.provider.wsLanes !== "off",
      maxLanes: options.provider.wsMaxLanes,
      sessionModel: options.settings.model,
      maxRequestsPerEpoch: options.provider.wsEpochMaxRequests,
      onEpochReset: () => this.frozen.clear(),
      onDropped: (lane) => this.client.dropLane(lane),
    });
    this.ledger = new LedgerWriter(options.home, options.id, {
      enabled: options.ledger !== false,
      onError: (message) => this.emit({ type: "warning", message }),
    });
    this.turns = new TurnGuard((event) => this.emit(event), this.ledger.last.turn);
    this.client = new ModelClient({
      lastSeq: this.ledger.last.seq,
      provider: options.provider,
      sessionId: options.id,
      version: options.version,
      lanes: this.lanes,
      warn: (message) => this.emit({ type: "warning", message }),
      ...transports,
    });
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
    this.cache = new CacheExplainer(transports.now, seedFromLedgerRow(this.ledger.last.completed));
  }

  subscribe(listener: SessionEventListener): () => void {
    return this.hub.subscribe(listener);
  }

  /** One user turn; `images` are data URLs sent as `input_image` parts of the message. */
  async send(input: string, images: readonly (string | MessageImage)[] = []): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      this.tools.showWarnings();
      this.tools.beginTurn();
      // open before the warm-up wait: Enter while the warm-up runs steers this turn
      this.steering.begin();
      try {
        await (this.options.warmup ? this.ensureWarm(signal) : this.warm);
        const early = this.steering.take(); // arrived during the warm-up: right after the message
        this.append([...this.takeSettingsNote(), userMessage(input, images), ...early]);
        return await runTurnLoop({
          turn,
          signal,
          client: this.client,
          tools: this.options.tools,
          build: () => this.build(),
          append: (items) => this.append(items),
          emit: (event) => this.emit(event),
          onRequestStarted: (request) => this.emit({ type: "request_started", request }),
          onRequestFinished: (request) => this.recordRequest(request),
          cwd: this.options.cwd,
          workspaceRoots: this.options.workspaceRoots,
          sandbox: this.options.sandbox,
          approve: this.approve,
          maxToolRounds: this.options.maxToolRoundsPerTurn || undefined,
          beforeSample: () => this.compactIfOver(turn, signal),
          takeSteering: () => this.steering.take(),
        });
      } finally {
        const untaken = this.steering.end();
        if (untaken.length > 0) this.append(untaken);
        if (signal.aborted) this.lanes.interrupted(this.client.lastLane);
      }
    });
  }

  /**
   * `!command`: run it with the shell tool under the session's sandbox (the person typed it:
   * no approval), show it like any command, and keep it as context for the next message.
   */
  async runUserShell(command: string): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      const { tools, cwd, workspaceRoots, sandbox } = this.options;
      const output = await runUserShellCommand(command, {
        callId: userShellCallId(turn),
        tools,
        context: { cwd, workspaceRoots, sandbox, signal },
        emit: (event) => this.emit(event),
      });
      if (signal.aborted) throw new TurnAbortedError();
      this.append([userShellContext(command, output)]);
      return { usage: noUsage() };
    });
  }

  async compact(): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      await this.warm; // one request at a time on the chain
      this.tools.beginTurn();
      this.append(this.takeSettingsNote());
      const { summary, usage } = await this.summarize(turn, signal, false);
      return { usage, lastMessage: summary };
    });
  }

  /** Past `autoCompactTokenLimit`: compact now, before the next request of the turn. */
  private async compactIfOver(turn: number, signal: AbortSignal): Promise<void> {
    if (needsAutoCompact(this.lastInputTokens, this.options.autoCompactTokenLimit)) {
      await this.summarize(turn, signal, true);
    }
  }

  /** History becomes a summary (the session file keeps every older line); a new epoch. */
  private async summarize(turn: number, signal: AbortSignal, auto: boolean) {
    const itemsBefore = this.log.items.length;
    const inputTokensBefore = this.lastInputTokens;
    const result = await requestSummary({
      turn,
      signal,
      client: this.client,
      tools: this.options.tools,
      build: (extra) => this.cache.built(this.builder.build(this.frame(), extra)),
      emit: (event) => this.emit(event),
      onRequestFinished: (request) => this.recordRequest(request),
    });
    const kept = compactedHistory(this.log.items, result.summary, auto ? 1 : 0);
    this.replaceHistory(kept, auto ? "auto_compact" : "compact");
    this.lastInputTokens = 0;
    const itemsAfter = this.log.items.length;
    this.emit({ type: "compacted", auto, itemsBefore, itemsAfter, inputTokensBefore });
    return result;
  }

  steer(text: string, images: readonly MessageImage[] = []): boolean {
    return this.steering.offer(text, images);
  }

  abort(): void {
    this.turns.abort();
  }

  update(partial: Partial<SessionSettings>): void {
    const before = { model: this.settings.model, effort: this.settings.effort };
    this.settings = { ...this.settings, ...partial };
    const { model, effort } = this.settings;
    if (model !== before.model || effort !== before.effort) {
      this.settingsNote = settingsChangedMessage(model, effort);
    }
    this.announceSettings();
  }

  async prepare(): Promise<void> {
    this.tools.showWarnings();
    await this.ensureWarm(this.lifetime.signal);
  }

  mcpServers() {
    return this.options.mcp?.status() ?? [];
  }

  status(): SessionStatus {
    return {
      sessionId: this.id,
      providerId: this.options.provider.id,
      baseUrl: this.options.provider.baseUrl,
      transport: this.client.transportKind,
      lane: this.client.lastLane?.label ?? this.nextRequest().lane ?? "default",
      laneTransport: this.client.laneTransport,
      lanes: this.lanes.all.map((lane) => ({ label: lane.label, requests: lane.requests })),
      model: this.settings.model,
      ...(this.settings.effort ? { effort: this.settings.effort } : {}),
      totals: this.totals.snapshot(),
      next: this.nextRequest(),
    };
  }

  history(): readonly ResponseItem[] {
    return this.log.items;
  }

  /** /new: back to the initial context; the next request is `epoch_reset:new`. */
  newConversation(): void {
    this.replaceHistory(leadingContext(this.log.items), "new");
  }

  /** Edit an earlier item (the next request is full: `prefix_mismatch@<index>`). */
  replaceHistoryItem(index: number, item: ResponseItem): void {
    this.log.replaceAt(index, item);
    this.persistAll();
  }

  /** Drop items from `length` on (undo); the next request is full: `input_shorter`. */
  truncateHistory(length: number): void {
    this.log.truncate(length);
    this.persistAll();
  }

  /** A tool re-rendered a finished output; the model keeps seeing the frozen text. */
  rerenderToolOutput(callId: string, output: ToolOutput): boolean {
    return this.log.replaceToolOutput(callId, output);
  }

  /** Stop the turn and wait (bounded) for its outputs before the session file is let go. */
  async close(): Promise<void> {
    this.lifetime.abort();
    await this.turns.stop(CLOSE_UNWIND_MS);
    this.tools.close();
    this.client.close();
    this.options.historyStore?.close?.();
  }

  private ensureWarm(signal: AbortSignal): Promise<void> {
    this.warm ??= this.client
      .warmup({
        turn: WARMUP_TURN,
        signal,
        build: () => this.build(),
        onEvent: () => {},
        onRequestStarted: (request) => this.emit({ type: "request_started", request }),
        onRequestFinished: (request) => this.recordRequest(request),
      })
      .catch(() => {
        this.warm = undefined;
      });
    return this.warm;
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
    };
  }

  private build(): FullRequest {
    return this.cache.built(this.builder.build(this.frame()));
  }

  private nextRequest(): NextRequestPreview {
    const extra = this.settingsNote ? [this.settingsNote] : [];
    const frame = { ...this.frame(), tools: this.tools.upcoming() };
    const { plan, lane } = this.client.preview(this.builder.build(frame, extra));
    const known = this.lanes.all.some((l) => l.label === lane);
    const lanes = Math.max(1, this.lanes.size + (known ? 0 : 1));
    return plan.kind === "full"
      ? { mode: "full", reason: plan.reason, lane, lanes }
      : { mode: "incremental", lane, lanes };
  }

  private takeSettingsNote(): ResponseItem[] {
    const note = this.settingsNote;
    this.settingsNote = undefined;
    return note ? [note] : [];
  }

  private append(items: ResponseItem[]): void {
    if (items.length === 0) return;
    // the store first: what it refuses (closed) is not kept in memory either
    this.options.historyStore?.append(items);
    this.log.append(items);
  }

  private replaceHistory(items: ResponseItem[], why: string): void {
    this.log.replaceAll(items);
    this.persistAll();
    this.lanes.resetEpoch(why);
  }

  private persistAll(): void {
    this.options.historyStore?.replace([...this.log.items]);
  }

  private recordRequest(finished: RequestFinished): void {
    if (finished.usage) this.lastInputTokens = finished.usage.input_tokens;
    const cache = this.cache.finished(finished);
    const request = cache ? { ...finished, cache } : finished;
    this.ledger.append(
      ledgerRow(request, { sessionId: this.id, promptCacheKey: this.promptCacheKey }),
    );
    this.totals.record(request);
    this.emit({ type: "request_finished", request });
  }

  /** Settings or a server's tool list changed: the preview says what the next turn sends. */
  private announceSettings(): void {
    const { model, effort } = this.settings;
    this.emit({
      type: "settings_changed",
      model,
      ...(effort ? { effort } : {}),
      next: this.nextRequest(),
    });
  }

  private emit(event: SessionEvent): void {
    // every path that sends (turns, warm-up, compaction) reports its start through here
    if (event.type === "request_started") this.cache.started(event.request.seq);
    this.hub.emit(event);
  }
}
