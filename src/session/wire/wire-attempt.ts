import { lookupModel } from "../../models/index.js";
import type { PlanUsage, ServerEvent } from "../../protocol/index.js";
import {
  type ResponsesRequest,
  responseCreateFrameText,
  toHttpBody,
} from "../../protocol/index.js";
import type {
  ProviderEndpoint,
  ResponsesTransport,
  TurnScope,
  TurnState,
} from "../../transport/index.js";
import type { RequestFinished, RequestOutcome, RequestStarted } from "../ledger/index.js";
import { steeredUsageOf } from "../ledger/index.js";
import { agentTagOf, type LaneOwner } from "./agent-lanes.js";
import { carriedEffort, lastUpdateEffort } from "./effort-updates.js";
import { ModelRequestError } from "./failures.js";
import type { Lane } from "./lanes.js";
import type { WirePlan } from "./plan.js";
import type { ProviderSettings } from "./provider-settings.js";
import type { FullRequest } from "./request.js";
import type { CompletedResponse, StreamTiming } from "./response-stream.js";

/** One sampling request: rebuilt on every attempt, so a resend always carries current history. */
export interface SampleCall {
  turn: number;
  build(): FullRequest;
  effort?: RequestStarted["effort"];
  warmup?: boolean;
  /**
   * Enter may steer this response over the socket: a turn's sampling only — a summary or a
   * remote compaction cut short for steering would lose both the summary and the message.
   */
  steerable?: boolean;
  /** A subagent's request: its own lanes, the first forked from its parent's head. */
  agent?: LaneOwner;
  /** A subagent's own turn (1, 2, … of that agent; `turn` is the session's it started in). */
  agentTurn?: number;
  signal?: AbortSignal;
  onEvent(event: ServerEvent): void;
  /** An attempt failed and will be retried: drop anything half-streamed. */
  onAttemptFailed?(message: string): void;
  onRequestStarted(request: RequestStarted): void;
  onRequestFinished(request: RequestFinished): void;
}

/** Where one attempt goes: the lane, its transport and connection, its `stream_id`, its owner's turn state. */
export interface AttemptTarget {
  lane: Lane;
  /** The Codex backend's turn state of the request's owner and turn (a new turn starts without one). */
  turnState: TurnState;
  transport: ResponsesTransport;
  connection: string | undefined;
  streamId: string | undefined;
}

/** What the ledger and the UI learn of one attempt; the byte count is of the exact wire text. */
export function describeAttempt(
  call: SampleCall,
  current: FullRequest,
  plan: WirePlan,
  wire: ResponsesRequest,
  target: AttemptTarget,
  seq: number,
  lanes: number,
): RequestStarted {
  const transport = target.transport.kind;
  const text =
    transport === "ws" ? responseCreateFrameText(wire, target.streamId) : toHttpBody(wire);
  return {
    seq,
    turn: call.turn,
    transport,
    mode: transport === "http" ? "http_full" : plan.kind === "full" ? "ws_full" : "ws_incremental",
    ...(plan.kind === "full" ? { reason: plan.reason } : {}),
    lane: target.lane.label,
    lanes,
    previousResponseIdPresent: transport === "ws" && wire.previous_response_id !== undefined,
    model: wire.model,
    modelSource: lookupModel(wire.model).source,
    ...effortFacts(current.body, wire),
    ...(wire.service_tier ? { serviceTier: wire.service_tier } : {}),
    itemsTotal: current.body.input.length,
    itemsSent: wire.input.length,
    bytesSent: Buffer.byteLength(text),
    warmup: call.warmup === true,
    ...cacheComparison(wire),
    ...(call.agent ? { agent: agentTagOf(call.agent) } : {}),
  };
}

/** The response a request with cache options compares its prefix with, if it names one. */
function cacheComparison(wire: ResponsesRequest): Pick<RequestStarted, "cacheComparison"> {
  const id = wire.prompt_cache_options?.comparison_response_id;
  return typeof id === "string" ? { cacheComparison: id } : {};
}

/**
 * The effort in force for a request (the last configuration_update of its input, else the
 * request-level one) and the update its sent input carries (in-band: docs/protocol.md).
 */
function effortFacts(
  body: ResponsesRequest,
  wire: ResponsesRequest,
): Pick<RequestStarted, "effort" | "effortUpdate"> {
  const update = carriedEffort(wire.input);
  const effort = update ?? lastUpdateEffort(body.input) ?? wire.reasoning?.effort;
  return { ...(effort ? { effort } : {}), ...(update ? { effortUpdate: update } : {}) };
}

/**
 * Whose turn state a request sends (pure): a subagent's own turn, else the session's. A child
 * still running from the session's turn N keeps its value through the session's turn N+1.
 */
export function turnScopeOf(call: Pick<SampleCall, "turn" | "agent" | "agentTurn">): TurnScope {
  if (!call.agent) return { owner: "", turn: call.turn };
  return { owner: call.agent.id, turn: call.agentTurn ?? call.turn };
}

/** The ledger line of one attempt once it ended: its outcome, timings, id and usage. */
export function describeFinish(
  started: RequestStarted,
  outcome: RequestOutcome,
  timing: StreamTiming & { startedAt: number },
  endedAt: number,
  result?: CompletedResponse,
  failure?: { planUsage?: PlanUsage | undefined },
): RequestFinished {
  const { msToFirstEvent } = timing;
  const planUsage = result?.planUsage ?? failure?.planUsage;
  return {
    ...started,
    outcome,
    msTotal: endedAt - timing.startedAt,
    ...(msToFirstEvent !== undefined ? { msToFirstEvent } : {}),
    ...(result?.responseId ? { responseId: result.responseId } : {}),
    ...(result?.usage ? { usage: result.usage } : {}),
    ...steeredUsageField(result),
    ...(result?.serverCache ? { serverCache: result.serverCache } : {}),
    ...(planUsage ? { planUsage } : {}),
  };
}

/** The usage of the responses steering cut before the result (billed with the request). */
function steeredUsageField(
  result: CompletedResponse | undefined,
): Pick<RequestFinished, "steeredUsage"> {
  const steeredUsage = steeredUsageOf(result);
  return steeredUsage.length > 0 ? { steeredUsage } : {};
}

/**
 * How the transports reach the provider; the credential's token goes only into the
 * connection's headers. On the Codex backend the ids it is sent are the prompt cache key.
 */
export function providerEndpoint(options: {
  provider: ProviderSettings;
  sessionId: string;
  threadId: string;
  version: string;
}): ProviderEndpoint {
  const { provider } = options;
  const credentials = provider.credentials;
  return {
    baseUrl: provider.baseUrl,
    ...(credentials ? { credentials } : {}),
    ...(provider.codexBackend ? { backend: { threadId: options.threadId } } : {}),
    sessionId: options.sessionId,
    version: options.version,
    streamIdleTimeoutMs: provider.streamIdleTimeoutMs,
    websocketConnectTimeoutMs: provider.websocketConnectTimeoutMs,
    ...(provider.wsCompression ? { websocketCompression: true } : {}),
  };
}

/**
 * The Codex backend keeps nothing (`store` must be false, docs/protocol.md): a request that
 * would ask it to store is a bug here, stopped before it is sent.
 */
export function refuseStoredRequest(
  provider: Pick<ProviderSettings, "codexBackend">,
  wire: { store?: unknown },
): void {
  if (provider.codexBackend && wire.store !== false) {
    throw new ModelRequestError("refusing to send store=true to the Codex backend", false);
  }
}
