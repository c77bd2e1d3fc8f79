import { randomBytes } from "node:crypto";
import type { ResponseItem } from "../protocol/items.js";
import type { JsonObject } from "../protocol/json.js";
import { estimateTokens, PromptCacheSimulator, promptTokenStream } from "./cache.js";
import { asksForCompaction, compactionOutputs, compactionRefusal } from "./compaction.js";
import { effortUpdateRefusal, settingsInForce } from "./effort-updates.js";
import type { DemoHooks } from "./hooks.js";
import { chooseLane, type LaneChoice } from "./lanes.js";
import { type DemoDecision, decideDemoResponse } from "./model.js";
import { offersInContext } from "./offers.js";
import { unpairedAfter } from "./pairing.js";
import { type DemoRequest, parseDemoRequest } from "./request.js";
import { LaneStore } from "./store.js";
import { planResponseStream, type StreamStep } from "./stream.js";
import { summarizeConversation } from "./summary.js";
import type {
  DemoApiError,
  DemoRequestCheck,
  DemoTransport,
  RecordedHeaders,
  RecordedRequest,
} from "./types.js";

/** One request as the plumbing hands it over. */
export interface IncomingRequest {
  transport: DemoTransport;
  connectionId: string;
  headers: RecordedHeaders;
  bytes: number;
  /** WebSocket: the frame's size on the TCP connection. */
  wireBytes?: number;
  body: unknown;
}

export type EngineResult =
  | { kind: "error"; failure: DemoApiError }
  | {
      kind: "stream";
      responseId: string;
      /** The `stream_id` every event echoes (a named lane only). */
      streamId?: string;
      /** False (HTTP `stream` not true): answer the final response object as one JSON body. */
      stream: boolean;
      steps: StreamStep[];
      /** Call after the terminal event went out: the response becomes chainable. */
      commit(): void;
    };

/** The transport-independent heart of the demo server: record, validate, chain, decide. */
export class DemoEngine {
  readonly requests: RecordedRequest[] = [];
  /** Each `GET /models` (the catalog), as received. */
  readonly catalogRequests: Array<{ connectionId: string; headers: RecordedHeaders }> = [];
  readonly store = new LaneStore();
  readonly cache = new PromptCacheSimulator();

  constructor(
    private readonly hooks: DemoHooks,
    private readonly requestCheck?: DemoRequestCheck,
    private readonly onRequest?: (request: RecordedRequest) => void,
  ) {}

  handle(incoming: IncomingRequest): EngineResult {
    const record = this.record(incoming);
    const lane = chooseLane(incoming.body, incoming.transport, this.hooks.streamIds);
    const echo = (result: EngineResult) => withEcho(result, lane.echo);
    const failure = this.hooks.takeFailure(incoming.transport);
    if (failure) {
      const result = apiError(
        failure.status ?? 500,
        failure.code,
        failure.message ?? `demo failure ${failure.code}`,
      );
      if (result.kind === "error") {
        if (failure.status === undefined) result.failure.omitStatus = true;
        if (failure.close) result.failure.close = true;
      }
      return echo(result);
    }
    if (lane.kind === "error") {
      return echo(apiError(lane.status, lane.code, lane.message, lane.param));
    }
    const parsed = parseDemoRequest(incoming.body, incoming.transport);
    if (!parsed.ok) {
      const { code, message, param } = parsed.refusal;
      return echo(apiError(400, code, message, param ?? undefined));
    }
    const problem = this.requestCheck?.(incoming.body, incoming.transport);
    if (problem !== undefined) {
      return echo(apiError(400, "client_check_failed", `client check: ${problem}`));
    }
    if (!this.store.admit(incoming.connectionId, lane.lane)) {
      return echo(
        apiError(
          400,
          "websocket_stream_limit_reached",
          "This connection opened the most stream_id lanes it may (32). Open a new connection.",
          "stream_id",
        ),
      );
    }
    return echo(this.respond(incoming, record, lane, parsed.request));
  }

  private respond(
    incoming: IncomingRequest,
    record: RecordedRequest,
    lane: Extract<LaneChoice, { kind: "lane" }>,
    request: DemoRequest,
  ): EngineResult {
    const { connectionId } = incoming;
    const refused = effortUpdateRefusal(request, this.hooks.refuseEffortUpdates);
    if (refused) return apiError(400, refused.code, refused.message, refused.param ?? undefined);
    const noCompaction = compactionRefusal(request, this.hooks.refuseCompaction);
    if (noCompaction) {
      const { code, message, param } = noCompaction;
      return apiError(400, code, message, param ?? undefined);
    }
    let context: ResponseItem[] = request.input;
    let pairedLength = 0;
    const previousId = request.previousResponseId;
    if (previousId !== undefined) {
      const previous =
        incoming.transport === "ws" ? this.store.find(connectionId, previousId) : undefined;
      if (!previous) {
        return apiError(
          400,
          "previous_response_not_found",
          `Previous response with id '${previousId}' not found.`,
          "previous_response_id",
        );
      }
      context = previous.context.concat(request.input);
      pairedLength = previous.pairedLength ?? 0;
    }
    const unpaired = unpairedAfter(context, pairedLength);
    if (unpaired !== undefined) {
      if (previousId !== undefined) this.store.evict(connectionId, previousId);
      // The real API leaves `code` null for this one.
      return apiError(400, null, unpaired, "input");
    }
    const cacheKey = `${request.model}\u0000${request.promptCacheKey ?? ""}`;
    const stream = promptTokenStream(
      {
        reasoning: request.reasoning,
        instructions: request.instructions ?? "",
        tools: request.tools,
        context,
      },
      this.cache.latest(cacheKey),
    );
    const inputTokens = estimateTokens(stream);
    const cachedTokens = Math.min(inputTokens, this.cache.lookupAndStore(cacheKey, stream));
    const decision: DemoDecision =
      request.generate === false
        ? { kind: "respond", outputs: [] }
        : asksForCompaction(request)
          ? {
              kind: "respond",
              outputs: compactionOutputs(
                summarizeConversation(context),
                this.hooks.takeCompactionItems(),
              ),
            }
          : decideDemoResponse({
              context,
              tools: [...request.offers, ...offersInContext(context)],
              reasoning: request.reasoning !== undefined,
              ...(request.jsonSchema ? { jsonSchema: request.jsonSchema } : {}),
            });
    const responseId = newId("resp");
    record.responseId = responseId;
    const plan = planResponseStream(decision, {
      responseId,
      model: request.model,
      transport: incoming.transport,
      inputTokens,
      cachedTokens,
      newId,
      createdAt: Math.floor(Date.now() / 1000),
      settings: settingsInForce(request.settings, context) as JsonObject,
    });
    const completed = decision.kind === "respond";
    return {
      kind: "stream",
      responseId,
      stream: request.stream,
      steps: plan.steps,
      commit: () => {
        if (incoming.transport !== "ws") return;
        if (completed) {
          const head = {
            lane: lane.lane,
            responseId,
            context: context.concat(plan.outputItems),
            pairedLength: context.length,
          };
          this.store.put(connectionId, head);
        } else if (previousId !== undefined) {
          this.store.evict(connectionId, previousId);
        }
      },
    };
  }

  recordCatalogRequest(connectionId: string, headers: RecordedHeaders): void {
    this.catalogRequests.push({ connectionId, headers });
  }

  private record(incoming: IncomingRequest): RecordedRequest {
    const body = incoming.body as {
      previous_response_id?: unknown;
      generate?: unknown;
      input?: unknown;
    } | null;
    const record: RecordedRequest = {
      transport: incoming.transport,
      connectionId: incoming.connectionId,
      inputLength: Array.isArray(body?.input)
        ? body.input.length
        : typeof body?.input === "string"
          ? 1
          : 0,
      bytes: incoming.bytes,
      ...(incoming.wireBytes === undefined ? {} : { wireBytes: incoming.wireBytes }),
      body: incoming.body,
      headers: incoming.headers,
      receivedAt: Date.now(),
    };
    if (typeof body?.previous_response_id === "string") {
      record.previousResponseId = body.previous_response_id;
    }
    if (typeof body?.generate === "boolean") record.generate = body.generate;
    this.requests.push(record);
    this.onRequest?.(record);
    return record;
  }
}

export function apiError(
  status: number,
  code: string | null,
  message: string,
  param?: string,
): EngineResult {
  const type =
    status >= 500
      ? "server_error"
      : status === 401
        ? "authentication_error"
        : "invalid_request_error";
  const error: DemoApiError["error"] = { type, code, message };
  if (param !== undefined) error.param = param;
  return { kind: "error", failure: { status, error } };
}

/** A named lane's result: every event and the error frame carry its `stream_id`. */
function withEcho(result: EngineResult, streamId: string | undefined): EngineResult {
  if (streamId === undefined) return result;
  if (result.kind === "error") return { ...result, failure: { ...result.failure, streamId } };
  const steps = result.steps.map((step) => ({
    ...step,
    event: { ...step.event, stream_id: streamId },
  }));
  return { ...result, streamId, steps };
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}
