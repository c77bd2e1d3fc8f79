import type { ResponseItem } from "../../protocol/index.js";
import { errorMessage } from "../../protocol/index.js";
import type {
  AgentStatus,
  AgentView,
  ForkSeed,
  FrozenToolOutputs,
  LaneOwner,
  RequestFinished,
  RequestForecast,
  RequestStarted,
  SessionSettings,
  WirePlan,
} from "../../session/index.js";
import { type FullRequest, RequestBuilder, requestUsage } from "../../session/index.js";
import type { ToolRouter } from "../../tools/index.js";
import { ModelWire } from "../model-wire.js";
import { StoredHistory } from "../stored-history.js";
import { runTurnLoop } from "../turn-loop.js";
import type { AgentHost } from "./agent-host.js";

/** What a child is made of when it is spawned. */
interface ChildSpec {
  owner: LaneOwner;
  kind: AgentView["kind"];
  task: string;
  /** Its first history: a fork's copy of the parent's, or the leading context and the brief. */
  history: ResponseItem[];
  /** The parent's frozen tool outputs (a fork replays them as the parent sent them). */
  frozen: FrozenToolOutputs;
  /** The parent's settings at the spawn (an in-band model's effort baseline). */
  parentSettings: SessionSettings;
  settings: SessionSettings;
  /** 1: a child of the session. */
  depth: number;
  /** Its own prompt cache key (a cold fork); default: the session's. */
  promptCacheKey?: string;
  /** Its own tools without the subagent tools (what a fork of it starts from). */
  baseTools: ToolRouter;
  /** What it offers and runs: its own tools and the subagent tools bound to it as the spawner. */
  makeTools(source: ForkSource): ToolRouter;
}

/** Who spawns: the session or a subagent, and what a fork of it copies. */
export interface ForkSource {
  /** The session id, or the agent's id. */
  id: string;
  /** 0: the session; 1: its children; … */
  depth: number;
  /** Its tools without the subagent tools. */
  tools: ToolRouter;
  items(): readonly ResponseItem[];
  settings(): SessionSettings;
  frozen(): FrozenToolOutputs;
  /** Its lane's head now, if chained (a full fork continues it). */
  seed(): ForkSeed | undefined;
}

/**
 * One subagent: its own history, request builder and frozen outputs, turns run by the
 * session's turn loop on the parent's model client (its own lanes; ledger rows with its tag),
 * its tools under the parent's sandbox, approval gate and tool hooks (asked naming it).
 */
export class ChildAgent {
  status: AgentStatus = "pending_init";
  /** Its first request as predicted at the spawn (the budget holds it until it is billed). */
  firstForecast: RequestForecast | undefined;
  /** Its conversation, in memory and in its own session file when the session saves. */
  private readonly history: StoredHistory;
  private readonly builder: RequestBuilder;
  private readonly wire: ModelWire;
  private controller: AbortController | undefined;
  /** Its own turns so far: the scope of its requests' turn state on the Codex backend. */
  private turnsRun = 0;
  private readonly view: AgentView;
  private readonly tools: ToolRouter;
  /** A request of its turn went out and has not finished. */
  private responding = false;

  constructor(
    private readonly host: AgentHost,
    readonly spec: ChildSpec,
  ) {
    const { owner } = spec;
    const store = host.childStore?.({
      id: owner.id,
      name: owner.name,
      parent: owner.parent,
      depth: spec.depth,
      settings: spec.settings,
      promptCacheKey: spec.promptCacheKey ?? host.promptCacheKey,
    });
    this.history = new StoredHistory(store, undefined, spec.history);
    this.builder = new RequestBuilder(this.history.log, spec.frozen);
    this.wire = new ModelWire(spec.parentSettings);
    this.tools = spec.makeTools(this.asSource());
    const { settings } = spec;
    this.view = {
      id: owner.id,
      name: owner.name,
      parent: owner.parent,
      kind: spec.kind,
      task: spec.task,
      status: this.status,
      model: settings.model,
      ...(settings.effort ? { effort: settings.effort } : {}),
      requests: 0,
      inputTokens: 0,
      cachedTokens: 0,
      outputTokens: 0,
      savedUsd: 0,
    };
  }

  get id(): string {
    return this.spec.owner.id;
  }

  /** What a fork of this agent copies (a spawn of its own, where `[agents] max_depth` allows). */
  asSource(): ForkSource {
    return {
      id: this.id,
      depth: this.spec.depth,
      tools: this.spec.baseTools,
      items: () => this.history.items,
      settings: () => this.spec.settings,
      frozen: () => this.spec.frozen.copy(),
      seed: () => this.host.seedFor(this.build().body, this.spec.owner),
    };
  }

  /** A snapshot for the TUI, exec and the bill. */
  snapshot(): AgentView {
    return { ...this.view, status: this.status };
  }

  /** The full request its history makes now, before any in-band effort update of its turn. */
  build(extra: readonly ResponseItem[] = []): FullRequest {
    const { settings } = this.spec;
    const tools = this.tools;
    const frame = {
      sessionId: this.spec.promptCacheKey ?? this.host.promptCacheKey,
      instructions: this.host.instructions,
      tools: tools.specs(),
      settings,
      wire: this.wire.wire(settings),
    };
    return this.host.recorder.built(this.builder.build(frame, extra));
  }

  /** Its first request as it would go out now: incremental on the parent's head or full, priced. */
  forecast(): { plan: WirePlan; figures: RequestForecast } {
    const request = this.build(this.wire.effortUpdate(this.history.items, this.spec.settings));
    const { plan } = this.host.client.preview(request, this.spec.owner);
    const figures = this.host.recorder.forecast(request);
    this.firstForecast ??= figures;
    return { plan, figures };
  }

  /** Say what its first request is predicted to be (a fork on another model or effort). */
  announceForecast(forecast: { plan: WirePlan; figures: RequestForecast }): void {
    const { plan, figures } = forecast;
    this.view.forecast = {
      mode: plan.kind,
      ...(plan.kind === "full" ? { reason: plan.reason } : {}),
      figures,
    };
  }

  /**
   * Run one turn on `input` (appended first; the first turn's task is in its history). Never
   * throws: the status says how it ended. `firstRequest` resolves once a request went out (or
   * the turn ended without one).
   */
  runTurn(input: ResponseItem[], turn: number, firstRequest: () => void): Promise<void> {
    this.history.append(input);
    const controller = new AbortController();
    this.controller = controller;
    this.setStatus("running");
    return this.loop(turn, controller.signal, firstRequest).finally(() => {
      if (this.controller === controller) this.controller = undefined;
      firstRequest();
      this.host.update(this.snapshot());
    });
  }

  /** The session closed: its saved conversation's file is let go. */
  close(): void {
    this.history.close();
  }

  /** Stop its turn (Esc, a follow-up that interrupts, close); waiting turns are the manager's. */
  interrupt(): void {
    this.controller?.abort();
  }

  setStatus(status: AgentStatus): void {
    this.status = status;
    this.host.update(this.snapshot());
  }

  private async loop(turn: number, signal: AbortSignal, firstRequest: () => void): Promise<void> {
    const { host, spec } = this;
    const agentTurn = ++this.turnsRun;
    try {
      const outcome = await runTurnLoop({
        turn,
        signal,
        client: {
          sample: (call) =>
            host.client.sample({ ...call, steerable: false, agent: spec.owner, agentTurn }),
        },
        tools: this.tools,
        config: host.config,
        cwd: host.cwd,
        workspaceRoots: host.workspaceRoots,
        sandbox: host.sandbox,
        // the parent's gate and hooks, asked naming this agent: its grants and policy, never wider
        ...(host.approve ? { approve: host.approve } : {}),
        ...(host.hooks ? { hooks: host.hooks } : {}),
        ...(host.person ? { person: host.person } : {}),
        agent: spec.owner.name,
        freeze: (item) => spec.frozen.resolve(item),
        build: (extra) => this.build(extra),
        append: (items) => this.history.append(items),
        emit: () => {},
        onRequestStarted: (request) => {
          this.responding = true;
          host.recorder.agentStarted(request);
          this.started(request);
          firstRequest();
        },
        onRequestFinished: (request) => {
          this.responding = request.outcome === "aborted";
          this.finished(host.recorder.agentFinished(request));
        },
        beforeSample: async () => {
          host.checkBudget(this.spec.owner.name);
          this.history.append(this.wire.effortUpdate(this.history.items, spec.settings));
        },
      });
      this.view.lastMessage = outcome.lastMessage ?? "";
      delete this.view.error;
      // closed while its last response came in: it stays closed
      if (this.status !== "shutdown") this.status = "completed";
    } catch (error) {
      if (signal.aborted) {
        this.status = this.status === "shutdown" ? "shutdown" : "interrupted";
        if (this.responding) this.view.stoppedResponses = (this.view.stoppedResponses ?? 0) + 1;
        this.responding = false;
        return;
      }
      this.view.error = errorMessage(error);
      this.status = "errored";
    }
  }

  private started(request: RequestStarted): void {
    if (this.view.start) return;
    this.view.start = {
      mode: request.mode,
      ...(request.reason ? { reason: request.reason } : {}),
      inputTokens: 0,
      cachedTokens: 0,
      bytesSent: request.bytesSent,
      itemsSent: request.itemsSent,
    };
    // its first request is on the wire: /agents and the status bar see how it started
    this.host.update(this.snapshot());
  }

  private finished(request: RequestFinished): void {
    const usage = requestUsage(request);
    const view = this.view;
    view.requests += 1;
    view.inputTokens += usage?.input_tokens ?? 0;
    view.cachedTokens += usage?.cached_tokens ?? 0;
    view.outputTokens += usage?.output_tokens ?? 0;
    if (request.cost) {
      view.usd = (view.usd ?? 0) + request.cost.usd;
      view.savedUsd += request.cost.savedUsd;
    }
    if (view.start && view.requests === 1) {
      view.start.inputTokens = usage?.input_tokens ?? 0;
      view.start.cachedTokens = usage?.cached_tokens ?? 0;
      if (request.cost) view.start.savedUsd = request.cost.savedUsd;
    }
    this.host.update(this.snapshot());
  }
}
