import { lookupModel } from "../models/index.js";
import type { EffortChoice, ReasoningEffort, ResponseItem } from "../protocol/index.js";
import type {
  ForecastChange,
  LaneTable,
  ModelClient,
  NextRequestPreview,
  RequestFinished,
  SessionEvent,
  SessionOptions,
  SessionSettings,
  TurnResult,
} from "../session/index.js";
import {
  type CollaborationMode,
  collaborationModeDecision,
  collaborationModeMessage,
  collaborationModeUpdate,
  FrozenToolOutputs,
  type FullRequest,
  type ModeDecision,
  modeRefusal,
  type RecordedSettings,
  RequestBuilder,
  type RequestFrame,
  sameSettings,
} from "../session/index.js";
import { defaultSettings, type Settings } from "../settings/index.js";
import type { ApprovalGate, ToolRouter } from "../tools/index.js";
import { updateGoalTool, withTools } from "../tools/index.js";
import type { AgentManager } from "./agents/index.js";
import { sessionAgents } from "./agents/index.js";
import { HistoryCompactor } from "./compaction/index.js";
import { ModelWire, refuseEffortUpdates, type WireHistory } from "./model-wire.js";
import { createRequestPath, type SessionTransports } from "./request-path.js";
import type { RequestRecorder } from "./request-recorder.js";
import { TurnCheckpoints } from "./rewind/index.js";
import { forecastNext } from "./session-forecast.js";
import { sessionApprovalGate } from "./session-gate.js";
import { SessionGoal } from "./session-goal.js";
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
  readonly spawnedBy: SessionOptions["spawnedBy"];
  readonly knowledge: SessionOptions["knowledge"];
  protected settings: SessionSettings;
  /** The run's settings (src/settings), by reference; none given: nothing configured. */
  protected readonly config: Settings;
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
  /** Its goal (absent: `SessionOptions.goals` unset: no update_goal either). */
  protected readonly goals: SessionGoal | undefined;
  /** The collaboration mode (/plan, Shift+Tab): Default, or Plan (read-only, its own effort). */
  protected mode: CollaborationMode = "default";
  /** Plan mode's effort: `plan_mode_reasoning_effort`, then what `/effort` chose in Plan mode. */
  protected planEffort: EffortChoice | undefined;
  /** In Plan mode: the effort Default mode goes back to (the session's own). */
  protected defaultEffort: ReasoningEffort | undefined;

  constructor(
    protected readonly options: SessionOptions,
    transports: SessionTransports,
  ) {
    this.id = options.id;
    this.notices = options.notices ?? [];
    this.spawnedBy = options.spawnedBy;
    this.knowledge = options.knowledge;
    this.settings = { ...options.settings };
    this.config = options.config ?? defaultSettings();
    this.planEffort = this.config.model.planModeEffort;
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
    this.goals = options.goals ? this.goalOf(options.goals, options.restoredGoal) : undefined;
    // update_goal after the session's own tools, in every request: a goal never changes them;
    // subagents get it too (a fork's tools must be its parent's), and it refuses their calls
    const tools = this.goals
      ? withTools(options.tools, [updateGoalTool(this.goals)])
      : options.tools;
    ({ manager: this.agents, router: this.router } = sessionAgents({
      options: { ...options, tools },
      config: this.config,
      promptCacheKey: this.promptCacheKey,
      client: this.client,
      lanes: this.lanes,
      recorder: this.recorder,
      approve: this.approve,
      hooks: this.hooks,
      ...this.person,
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

  /** Who answers a PreToolUse hook's "ask": the person, when there is one (the TUI). */
  protected get person(): Pick<TurnContext, "person"> {
    const person = this.options.approve?.bind(this.options);
    return person ? { person } : {};
  }

  /** One user turn (agent-session.ts): a goal's turns are sent through it. */
  abstract send(input: string): Promise<TurnResult>;

  /** The goal and what it is lent of the session (session-goal.ts). */
  private goalOf(defaults: SessionOptions["goals"], restored: SessionOptions["restoredGoal"]) {
    return new SessionGoal(
      {
        defaults: defaults ?? {},
        totals: () => this.recorder.totals.snapshot(),
        plan: () => this.recorder.planUsage().latest,
        forecast: (message) =>
          this.forecast(message === undefined ? undefined : { message }).forecast,
        send: (text) => this.send(text),
        busy: () => this.turns.busy,
        settled: () => {
          // a goal's turn sends the warm-up `send` would (the TUI sends none before typing)
          if (this.options.warmup) void this.warmup.ensure(this.lifetime.signal);
          return this.warmup.settled(this.lifetime.signal).catch(() => {});
        },
        ownsCall: (callId) =>
          this.conversation.items.some(
            (item) => item.type === "function_call" && item.call_id === callId,
          ),
        record: (goal) => this.conversation.recordGoal(goal),
        emit: (event) => this.emit(event),
        now: () => Date.now(),
      },
      restored,
    );
  }

  protected turnContext(turn: number, signal: AbortSignal): TurnContext {
    const { cwd, workspaceRoots } = this.options;
    const mode = this.mode;
    return {
      turn,
      signal,
      client: this.client,
      tools: this.router,
      config: this.config,
      cwd,
      workspaceRoots,
      // where the sandbox for the turn's calls is chosen: the mode decides (plan: read-only)
      sandbox: this.modeDecision().sandbox,
      mode,
      ...(this.options.askUser ? { askUser: this.options.askUser.bind(this.options) } : {}),
      approve: mode === "plan" ? planModeApprovals(this.approve) : this.approve,
      hooks: this.hooks,
      ...this.person,
      freeze: (item) => this.frozen.resolve(item),
      build: (extra) => this.build(extra),
      append: (items) => this.conversation.append(items),
      recordPatchIntent: (callId, intent) => this.conversation.recordPatchIntent(callId, intent),
      emit: (event) => this.emit(event),
      onRequestStarted: (request) => this.emit({ type: "request_started", request }),
      onRequestFinished: (request) => this.recordRequest(request),
    };
  }

  /**
   * What `mode` (the current one unless named) means for the next request: sandbox, effort and
   * instructions, from Default mode's effort (the session's own) and Plan mode's.
   */
  protected modeDecision(mode: CollaborationMode = this.mode): ModeDecision {
    return collaborationModeDecision({
      mode,
      sandbox: this.options.sandbox,
      model: lookupModel(this.settings.model),
      defaultEffort: this.mode === "plan" ? this.defaultEffort : this.settings.effort,
      planEffort: this.planEffort,
    });
  }

  /** The effort `mode` runs on, changing nothing (a note: the model does not take Plan's). */
  protected modeEffort(mode: CollaborationMode): Pick<ModeDecision, "effort" | "note"> {
    return mode === this.mode ? { effort: this.settings.effort } : this.modeDecision(mode);
  }

  /** The mode message the next user message needs (none when history already says it). */
  protected modeUpdate(history: readonly ResponseItem[]): ResponseItem[] {
    return collaborationModeUpdate(history, collaborationModeMessage(this.mode));
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
    // a mode switch is priced as the effort change it makes
    if (change && "mode" in change) {
      const effort = this.modeEffort(change.mode).effort;
      return this.forecast({ settings: effort ? { effort } : {} });
    }
    return forecastNext(
      {
        settings: this.settings,
        model: this.model,
        history: this.history(),
        pendingNote: [
          ...this.settingsNote.peek(this.history()),
          ...this.modeUpdate(this.history()),
        ],
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
    // Plan mode's effort is a phase, not the session's: the file (and a resume) keeps Default's
    const kept = this.mode === "plan" ? this.defaultEffort : effort;
    this.conversation.recordSettings({ model, ...(kept ? { effort: kept } : {}) });
  }

  protected recordRequest(finished: RequestFinished): void {
    this.compactor.observe(finished);
    this.recorder.record(finished);
    this.goals?.requestFinished(finished);
  }

  /** Settings or a server's tool list changed: the preview says what the next turn sends. */
  protected announceSettings(): void {
    this.emit(settingsChangedEvent(this.settings, this.nextRequest(), this.mode));
  }

  protected emit(event: SessionEvent): void {
    this.recorder.emit(event);
  }
}

/** The gate of a Plan-mode turn: what plan mode refuses is denied with its reason, unasked. */
function planModeApprovals(gate: ApprovalGate): ApprovalGate {
  return async (request, asking) => {
    const refused = modeRefusal("plan", { kind: "approval", request });
    return refused ? { kind: "deny", feedback: refused } : gate(request, asking);
  };
}
