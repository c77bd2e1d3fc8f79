import type { ResponseItem } from "../protocol/items.js";
import type { ForecastChange, SessionOptions, SessionSettings } from "../session/api.js";
import type { NextRequestPreview, RequestFinished, SessionEvent } from "../session/events.js";
import { FrozenToolOutputs } from "../session/history.js";
import type { LaneTable } from "../session/lanes.js";
import type { ModelClient } from "../session/model-client.js";
import { type RecordedSettings, sameSettings } from "../session/recorded-settings.js";
import { type FullRequest, RequestBuilder, type RequestFrame } from "../session/request.js";
import type { ApprovalRequest, ToolRouter } from "../tools/types.js";
import type { AgentManager } from "./agents/agent-manager.js";
import { sessionAgents } from "./agents/session-agents.js";
import { HistoryCompactor } from "./history-compactor.js";
import { hookedTools } from "./hooked-tools.js";
import { ModelWire, refuseEffortUpdates, type WireHistory } from "./model-wire.js";
import { createRequestPath, type SessionTransports } from "./request-path.js";
import type { RequestRecorder } from "./request-recorder.js";
import { TurnCheckpoints } from "./rewind.js";
import { forecastNext } from "./session-forecast.js";
import { sessionApprovalGate } from "./session-gate.js";
import { SessionHooks } from "./session-hooks.js";
import { settingsChangedEvent } from "./session-status.js";
import { PendingSettingsNote } from "./settings-note.js";
import { SteeringBuffer } from "./steering.js";
import { StoredHistory } from "./stored-history.js";
import type { TurnContext } from "./turn-context.js";
import type { TurnGuard } from "./turn-guard.js";
import { TurnTools } from "./turn-tools.js";
import { Warmup } from "./warmup.js";

/**
 * The parts of one session and how they are wired (the request path, tools, approvals, hooks,
 * rewind, warm-up, compaction), with the internals every operation shares: the request frame,
 * the turn context, history replacement, settings bookkeeping and the event stream. `Session`
 * (agent-session.ts) is its public face.
 */
export abstract class SessionParts {
  readonly id: string;
  readonly notices: readonly string[];
  readonly knowledge: SessionOptions["knowledge"];
  protected settings: SessionSettings;
  protected readonly conversation: StoredHistory;
  protected readonly frozen = new FrozenToolOutputs();
  protected readonly builder: RequestBuilder;
  protected readonly lanes: LaneTable;
  protected readonly client: ModelClient;
  protected readonly recorder: RequestRecorder;
  protected readonly tools: TurnTools;
  /** The one approval gate of this session: policy, grants, and the person when there is one. */
  protected readonly approve: ReturnType<typeof sessionApprovalGate>;
  protected readonly lifetime = new AbortController();
  protected readonly turns: TurnGuard;
  protected readonly steering = new SteeringBuffer(
    (items, outcome) => this.client.steer(items, outcome),
    (id, state) => this.recorder.emit({ type: "steer_state", id, state }),
  );
  protected readonly warmup: Warmup;
  protected readonly settingsNote: PendingSettingsNote;
  protected readonly compactor: HistoryCompactor;
  protected readonly model: ModelWire;
  protected readonly hooks: SessionHooks;
  protected readonly checkpoints: TurnCheckpoints;
  /** The session's tools as offered: its own, then the subagent tools when `[agents]` is on. */
  protected readonly router: ToolRouter;
  /** Its subagents (absent: `[agents]` off). */
  protected readonly agents: AgentManager | undefined;

  constructor(
    protected readonly options: SessionOptions,
    transports: SessionTransports,
  ) {
    this.id = options.id;
    this.notices = options.notices ?? [];
    this.knowledge = options.knowledge;
    this.settings = { ...options.settings };
    this.settingsNote = new PendingSettingsNote(options.permissions, options.cwd);
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
    ({ manager: this.agents, router: this.router } = sessionAgents({
      options,
      promptCacheKey: this.promptCacheKey,
      client: this.client,
      lanes: this.lanes,
      recorder: this.recorder,
      approve: this.approve,
      hooked: (tools, agent) => {
        const person = options.approve?.bind(options);
        const asked = person && ((request: ApprovalRequest) => person({ ...request, agent }));
        return hookedTools(tools, this.hooks, asked);
      },
      history: () => this.conversation.items,
      settings: () => this.settings,
      frozen: this.frozen,
      build: () => this.build(),
      turn: () => this.turns.turn,
      update: (agent) => this.emit({ type: "agent_update", agent }),
    }));
    this.tools = new TurnTools(this.router, options.mcp, {
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
      replace: (items, why) => {
        this.checkpoints.compacting(this.conversation.items);
        this.replaceHistory(items, why);
      },
      beforeCompact: (auto, signal) => this.hooks.compacting(auto, signal),
      remote: () => this.model.remoteCompaction(this.settings.model),
      remoteFailed: () => this.model.refuseRemoteCompaction(),
      cacheTtlMs: () => this.model.cacheTtlMs(this.settings),
    });
  }

  history(): readonly ResponseItem[] {
    return this.conversation.items;
  }

  protected turnContext(turn: number, signal: AbortSignal): TurnContext {
    const { cwd, workspaceRoots, sandbox } = this.options;
    return {
      turn,
      signal,
      client: this.client,
      tools: this.router,
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

  protected get promptCacheKey(): string {
    return this.options.promptCacheKey ?? this.id;
  }

  protected frame(): RequestFrame {
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
  protected cacheOptionsRefused(model: string): void {
    this.model.refuseCacheOptions(model);
    this.emit({
      type: "warning",
      message: `the provider does not take prompt cache options for ${model}; requests go without them for the rest of this session`,
    });
  }

  protected build(extra: readonly ResponseItem[] = []): FullRequest {
    return this.recorder.built(this.builder.build(this.frame(), extra));
  }

  /** The history as ModelWire may read and replace it. */
  protected get wireHistory(): WireHistory {
    return {
      items: this.conversation.items,
      replace: (items, why) => this.replaceHistory(items, why),
    };
  }

  /** The next request as it would go out after `change` (nothing sent, nothing changed). */
  forecast(change?: ForecastChange): NextRequestPreview {
    return forecastNext(
      {
        settings: this.settings,
        model: this.model,
        history: this.history(),
        pendingNote: this.settingsNote.peek(this.history()),
        frame: (settings, wire) => ({
          ...this.frame(),
          settings,
          wire,
          tools: this.tools.upcoming(),
        }),
        build: (frame, extra) => this.builder.build(frame, extra),
        client: this.client,
        lanes: this.lanes,
        price: (request) => this.recorder.forecast(request),
      },
      change,
    );
  }

  protected nextRequest(): NextRequestPreview {
    return this.forecast();
  }

  protected replaceHistory(items: ResponseItem[], why: string): void {
    this.conversation.replaceAll(items);
    this.lanes.resetEpoch(why);
  }

  /** Model or effort changed since `before`: the model is told, the session file records it. */
  protected settingsChanged(before: RecordedSettings): void {
    const { model, effort } = this.settings;
    const now = { model, ...(effort ? { effort } : {}) };
    if (sameSettings(before, now)) return;
    // an in-band effort change needs no note: its configuration_update says it
    if (before.model !== model || !this.model.inBand(model))
      this.settingsNote.update(before, this.settings);
    this.conversation.recordSettings(now);
  }

  protected recordRequest(finished: RequestFinished): void {
    this.compactor.observe(finished);
    this.recorder.record(finished);
  }

  /** Settings or a server's tool list changed: the preview says what the next turn sends. */
  protected announceSettings(): void {
    this.emit(settingsChangedEvent(this.settings, this.nextRequest()));
  }

  protected emit(event: SessionEvent): void {
    this.recorder.emit(event);
  }
}
