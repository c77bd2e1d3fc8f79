import { lookupModel } from "../../models/index.js";
import type { ResponseItem } from "../../protocol/index.js";
import { redactError, ScrubbedEvents } from "../../protocol/index.js";
import type { TransportKind } from "../../transport/index.js";
import { sleep, TransportError, WebSocketUnavailable } from "../../transport/index.js";
import type { RequestOutcome } from "../ledger/index.js";
import type { LaneOwner } from "./agent-lanes.js";
import { AttemptDeadline, DEFAULT_STREAM_MAX_DURATION_MS } from "./attempt-deadline.js";
import { AttemptRoute } from "./attempt-route.js";
import {
  asRequestError,
  failureKind,
  givenUp,
  ModelRequestError,
  outcomeOf,
  recoveryContext,
  recoveryFor,
} from "./failures.js";
import { refuseBadCallIds } from "./history-repair.js";
import type { LaneSockets, SocketTransport } from "./lane-sockets.js";
import { type LaneTransportOptions, LaneTransports, previewOnLanes } from "./lane-transports.js";
import type { Lane } from "./lanes.js";
import { type WirePlan, wireRequest } from "./plan.js";
import { withCacheControls } from "./prompt-cache.js";
import { Refusals } from "./refusals.js";
import type { FullRequest } from "./request.js";
import { type CompletedResponse, readResponse, type StreamTiming } from "./response-stream.js";
import { RetryBudget } from "./retry-budget.js";
import { completeChain, SessionSteering, type SteeringOutcome } from "./socket-steering.js";
import { StreamIdFallback } from "./stream-id-fallback.js";
import {
  type AttemptTarget,
  describeAttempt,
  describeFinish,
  refuseStoredRequest,
  type SampleCall,
  turnScopeOf,
} from "./wire-attempt.js";

/**
 * The next request's reason after a response a credential was taken out of: history holds the
 * cleaned items, the server its own, so that response cannot be continued (docs/protocol.md).
 */
const CREDENTIAL_REMOVED_REASON = "credential_removed";

export interface ModelClientOptions extends LaneTransportOptions {
  now?: () => number;
  /** The seq of the last request already in the ledger (a resumed session goes on from it). */
  lastSeq?: number;
  /** A `configuration_update` was refused for `model`: the session drops updates; resent once. */
  onUpdateRefused?(model: string): void;
  /** The last completed response of a resumed session (the first request compares with it). */
  lastResponseId?: string;
  /**
   * The provider refused `prompt_cache_options` or a breakpoint (400 unknown_parameter): the
   * session sends none from now on, and the request is resent once, in full.
   */
  onCacheOptionsRefused?(model: string): void;
  /** The response a full request expects to reuse the prefix of (the session's prefix index). */
  comparisonFor?(request: FullRequest): string | undefined;
}

/**
 * The session's one model client (docs/protocol.md): it owns the transport choice (WebSocket
 * lanes, sticky HTTP fallback with one warning) and one retry budget per request, counted
 * per transport and bounded in time. Each lane keeps its own chain and connection; the
 * planner, the chains and the ledger decide and record. Every attempt that reaches the wire
 * is reported once.
 */
export class ModelClient {
  private readonly transports: LaneTransports;
  private seq = 0;
  private readonly now: () => number;
  private readonly streamIds: StreamIdFallback;
  private readonly refusals: Refusals;
  /** The session's latest completed response: a full request expects to reuse its prefix. */
  private lastResponseId: string | undefined;
  /** The lane of the last request (an interrupt resets what it left). */
  lastLane: Lane | undefined;
  /** `response.steer` into the attempt streaming now (docs/protocol.md, "Steering"). */
  private readonly steering = new SessionSteering();

  constructor(private readonly options: ModelClientOptions) {
    this.now = options.now ?? Date.now;
    this.seq = options.lastSeq ?? 0;
    this.lastResponseId = options.lastResponseId;
    this.transports = new LaneTransports(options, this.now);
    const mode = options.provider.wsLanes;
    this.streamIds = new StreamIdFallback(
      mode,
      options.lanes,
      this.transports.sockets,
      options.warn,
    );
    this.refusals = new Refusals(
      this.streamIds,
      options.onUpdateRefused,
      options.onCacheOptionsRefused,
    );
  }

  get transportKind(): TransportKind {
    return this.transports.overHttp ? "http" : "ws";
  }

  /** How lanes reach the server now (`auto` turns into `connections` once turned down). */
  get laneTransport(): LaneSockets["mode"] {
    return this.transports.sockets.mode;
  }

  /** A lane was dropped from the table: its own socket goes with it. */
  dropLane(lane: Lane): void {
    this.transports.sockets.dropLane(lane);
  }

  /** What the next request for `current` would be, and on which lane (no side effects). */
  preview(current: FullRequest, agent?: LaneOwner): { plan: WirePlan; lane: string } {
    return previewOnLanes(this.options.lanes, this.transports, current, agent);
  }

  /** Send the generate:false warm-up on a WebSocket; failures only cost the optimisation. */
  async warmup(call: Omit<SampleCall, "warmup">): Promise<void> {
    if (this.transports.overHttp) return;
    try {
      await this.sample({ ...call, warmup: true });
    } catch (error) {
      if (error instanceof ModelRequestError && error.aborted) throw error;
    }
  }

  async sample(call: SampleCall): Promise<CompletedResponse> {
    const { lanes, provider } = this.options;
    const budget = new RetryBudget(provider, this.now);
    const refusals = { updates: 0, cacheOptions: 0 };
    for (;;) {
      if (call.signal?.aborted) throw new ModelRequestError("interrupted", true);
      if (call.warmup && this.transports.overHttp) return { responseId: "", items: [] };
      lanes.applyEpochLimit();
      let target: AttemptTarget;
      try {
        target = await this.transports.pick(call.build().body, call, turnScopeOf(call));
      } catch (error) {
        redactError(error);
        if (error instanceof WebSocketUnavailable) {
          this.transports.fallBackToHttp(`WebSocket unavailable (${error.message})`);
          continue;
        }
        throw asRequestError(error, call.signal);
      }
      const { lane, transport, connection } = target;
      const chain = lane.chain;
      const current = call.build(); // after any epoch reset, so frozen outputs are current
      const plan = chain.plan(current, transport.kind, connection);
      const warmup = call.warmup === true;
      const wire = withCacheControls(current.body, wireRequest(current.body, plan, warmup), {
        plan,
        warmup,
        comparisonResponseId: this.comparison(current, plan),
      });
      refuseStoredRequest(provider, wire);
      const started = describeAttempt(
        call,
        current,
        plan,
        wire,
        target,
        ++this.seq,
        this.options.lanes.size,
      );
      call.onRequestStarted(started);
      chain.accepted(current, connection);
      lanes.count(lane);
      budget.attempted();
      this.lastLane = lane;
      const steering = call.steerable
        ? this.steering.open(transport, lookupModel(wire.model), warmup)
        : undefined;
      const route = new AttemptRoute(target.streamId, steering, target.turnState);
      const timing: StreamTiming & { startedAt: number; now: () => number } = {
        startedAt: this.now(),
        now: this.now,
      };
      const finish = (outcome: RequestOutcome, result?: CompletedResponse, failure?: unknown) =>
        call.onRequestFinished(
          describeFinish(started, outcome, timing, this.now(), result, {
            planUsage: failure instanceof TransportError ? failure.planUsage : undefined,
          }),
        );
      const deadline = AttemptDeadline.within(
        provider.streamMaxDurationMs ?? DEFAULT_STREAM_MAX_DURATION_MS,
        budget.remainingMs(),
        call.signal,
      );
      try {
        // every credential sent is taken out before anything reads the events
        const events = new ScrubbedEvents(transport.stream(wire, deadline.signal, route.lane));
        const result = await readResponse(events, call.onEvent, timing, steering);
        refuseBadCallIds(result.items, current.body.input);
        completeChain(chain, current, result);
        // the server holds the response as it sent it, history the cleaned one: not a head
        if (events.removed) chain.force(CREDENTIAL_REMOVED_REASON);
        this.steering.close(steering, false);
        if (result.responseId) this.lastResponseId = result.responseId;
        if (route.ignored || this.streamIds.oneServerLane) this.streamIds.ignored(lane);
        finish("completed", result);
        return result;
      } catch (thrown) {
        const error = redactError(deadline.explain(thrown));
        finish(outcomeOf(error, call.signal), undefined, error); // every started request is finished, even one the socket never took
        this.steering.close(steering, true);
        if (route.ignored) this.streamIds.ignored(undefined);
        if (this.refusals.resend(error, target, wire.model, call.signal, refusals)) continue;
        await this.recover(error, call, target, budget);
      } finally {
        deadline.clear();
      }
    }
  }

  /**
   * Cache options only: the response whose prefix the request expects to reuse — the lane's
   * head when chained, else what the prefix index names, else the latest completed response.
   */
  private comparison(current: FullRequest, plan: WirePlan): string | undefined {
    if (!current.body.prompt_cache_options) return undefined;
    if (plan.kind === "incremental") return plan.previousResponseId;
    return this.options.comparisonFor?.(current) ?? this.lastResponseId;
  }

  /**
   * Send steering input into the response streaming now (`response.steer`); false when none
   * takes it (HTTP, a model without steering, between responses, refused once): the caller
   * steers client-side. `outcome` hears whether the server committed it or gave it back.
   */
  steer(items: ResponseItem[], outcome: SteeringOutcome): boolean {
    return this.steering.steer(items, outcome);
  }

  close(): void {
    this.transports.close();
  }

  /** Decide and prepare the next attempt after a failure; throws when the chain gives up. */
  private async recover(
    error: unknown,
    call: SampleCall,
    target: AttemptTarget,
    budget: RetryBudget,
  ): Promise<void> {
    const { transport, connection, lane } = target;
    const chain = lane.chain;
    const { provider } = this.options;
    const kind = failureKind(error, call.signal);
    const recovery = recoveryFor(kind, recoveryContext(error, transport.kind, budget, provider));
    const message = error instanceof Error ? error.message : String(error);
    const delayMs = "delayMs" in recovery ? recovery.delayMs : 0;
    const outOfTime = recovery.kind !== "fail" && budget.outOfTime(delayMs);
    if (recovery.kind === "fail" || outOfTime) {
      // the transport already dropped a socket whose stream was cut short (an interrupt,
      // a malformed event): the next request goes out on a new connection
      const socket = transport.kind === "ws" ? (transport as SocketTransport) : undefined;
      const dropped = socket !== undefined && socket.connectionId !== connection;
      chain.failed(dropped ? "reconnected" : undefined);
      const why = outOfTime ? "time" : recovery.kind === "fail" ? recovery.exhausted : undefined;
      throw givenUp(error, call.signal, budget, why);
    }
    budget.spend(transport.kind);
    if (recovery.kind === "retry_same") {
      chain.retrySame();
      this.options.lanes.uncount(lane);
    } else chain.failed(recovery.kind === "reconnect" ? recovery.reason : undefined);
    if (recovery.kind === "reconnect" && recovery.refreshToken) {
      budget.tokenRefreshed = true;
      await this.transports.refreshSignIn(transport as SocketTransport);
    } else if (recovery.kind === "reconnect" && transport.kind === "ws") transport.close();
    if (recovery.kind === "fallback_http") {
      this.transports.fallBackToHttp(`WebSocket unavailable (${message})`);
      return;
    }
    if (recovery.kind === "http_for_good") {
      this.transports.fallBackToHttp(`WebSocket kept failing (${message})`);
    }
    call.onAttemptFailed?.(message);
    if (delayMs > 0) await this.pause(delayMs, call.signal);
  }

  private pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return sleep(ms, signal).catch(() => {
      throw new ModelRequestError("interrupted", true);
    });
  }
}
