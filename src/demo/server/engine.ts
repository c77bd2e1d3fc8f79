import type { JsonObject, ResponseItem } from "../../protocol/index.js";
import {
  asksForCompaction,
  compactionOutputs,
  compactionRefusal,
  type DemoDecision,
  decideDemoResponse,
  summarizeConversation,
} from "../model/index.js";
import type { DemoTransport } from "../request/index.js";
import {
  cacheOptionsRefusal,
  cacheUseOf,
  type DemoRequest,
  diagnose,
  effortUpdateRefusal,
  estimateTokens,
  offersInContext,
  PromptCacheSimulator,
  PromptRecords,
  parseDemoRequest,
  promptRecord,
  promptTokenStream,
  settingsInForce,
  withoutBreakpoints,
} from "../request/index.js";
import { apiError, type EngineResult, newId, withEcho } from "./engine-result.js";
import type { DemoHooks } from "./hooks.js";
import { chooseLane, type LaneChoice } from "./lanes.js";
import { unpairedAfter } from "./pairing.js";
import { QueuedSteering, successorBody } from "./steer-queue.js";
import { LaneStore } from "./store.js";
import { planResponseStream } from "./stream.js";
import type { DemoRequestCheck, RecordedHeaders, RecordedRequest } from "./types.js";

export interface IncomingRequest {
  transport: DemoTransport;
  connectionId: string;
  headers: RecordedHeaders;
  bytes: number;
  /** WebSocket: the frame's size on the TCP connection. */
  wireBytes?: number;
  body: unknown;
  /** An automatic successor the server started after steering (no client frame: not recorded). */
  automatic?: boolean;
  /** The request's bearer token, for `demo:echo-credential` alone (never recorded). */
  bearer?: string;
}

/** The transport-independent heart of the demo server: record, validate, chain, decide. */
export class DemoEngine {
  readonly requests: RecordedRequest[] = [];
  /** Each `GET /models` (the catalog), as received. */
  readonly catalogRequests: Array<{ connectionId: string; headers: RecordedHeaders }> = [];
  /** The headers of each Codex backend workspace discovery (`wham/accounts/check`) answered. */
  readonly accountChecks: RecordedHeaders[] = [];
  readonly store = new LaneStore();
  readonly cache: PromptCacheSimulator;
  /** Each response's prompt, for `prompt_cache_diagnostics` comparisons. */
  readonly prompts = new PromptRecords();
  /** Automatic successors the server started after steering (not client requests). */
  readonly successors: RecordedRequest[] = [];
  /** Every `response.steer` frame, as received. */
  readonly steers: unknown[] = [];
  private readonly queuedSteering = new QueuedSteering();

  constructor(
    private readonly hooks: DemoHooks,
    private readonly requestCheck?: DemoRequestCheck,
    private readonly onRequest?: (request: RecordedRequest) => void,
  ) {
    this.cache = new PromptCacheSimulator(() => Date.now() + hooks.clockOffsetMs);
  }

  handle(incoming: IncomingRequest): EngineResult {
    const record = this.record(incoming);
    const lane = chooseLane(incoming.body, incoming.transport, this.hooks.streamIds);
    const echo = (result: EngineResult) => withEcho(result, lane.echo);
    const failure = incoming.automatic ? undefined : this.hooks.takeFailure(incoming.transport);
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
    const problem = incoming.automatic
      ? undefined
      : this.requestCheck?.(incoming.body, incoming.transport);
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
    const queued = this.queuedSteering.take(parsed.request.previousResponseId);
    // queued steering input goes first, in submission order (the pending continuation)
    if (queued.length > 0) parsed.request.input = [...queued, ...parsed.request.input];
    return echo(this.respond(incoming, record, lane, parsed.request));
  }

  /** The automatic successor of a steered (or completed) response (`successorBody`). */
  successor(
    connectionId: string,
    parentBody: unknown,
    parentId: string,
    input: ResponseItem[],
  ): EngineResult {
    const body = successorBody(parentBody, parentId, input);
    const headers = { authorizationPresent: true };
    return this.handle({ transport: "ws", connectionId, headers, bytes: 0, body, automatic: true });
  }

  /** The response stopped for tool output: its steering input waits for the continuation. */
  queueSteering(responseId: string, input: ResponseItem[]): void {
    this.queuedSteering.queue(responseId, input);
  }

  /** The usage a response reported as it ended, on the request (or successor) it answered. */
  reportUsage(responseId: string, usage: unknown): void {
    const records = [...this.requests, ...this.successors];
    const record = records.findLast((r) => r.responseId === responseId);
    if (record && usage) record.usage = usage;
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
    const noCache = this.hooks.refuseCacheOptions
      ? cacheOptionsRefusal(incoming.body as object, request.input)
      : undefined;
    if (noCache) return apiError(400, noCache.code, noCache.message, noCache.param ?? undefined);
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
    // an automatic successor is the server's own: it may follow a call it cut (steerPastToolCalls)
    const unpaired = incoming.automatic ? undefined : unpairedAfter(context, pairedLength);
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
        context: withoutBreakpoints(context),
      },
      this.cache.latest(cacheKey),
    );
    const inputTokens = estimateTokens(stream);
    const use = cacheUseOf(request.cacheOptions, stream, context, request.input.length);
    const cachedTokens = Math.min(inputTokens, this.cache.lookupAndStore(cacheKey, stream, use));
    const prompt = promptRecord(request, stream, context);
    const comparison = request.cacheOptions?.comparisonResponseId;
    const diagnostics =
      comparison === undefined
        ? undefined
        : diagnose(prompt, this.prompts.get(comparison), cachedTokens);
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
              ...(incoming.bearer ? { bearer: incoming.bearer } : {}),
            });
    const responseId = newId("resp");
    record.responseId = responseId;
    this.prompts.put(responseId, prompt);
    const plan = planResponseStream(decision, {
      responseId,
      model: request.model,
      transport: incoming.transport,
      inputTokens,
      cachedTokens,
      newId,
      createdAt: Math.floor(Date.now() / 1000),
      settings: settingsInForce(request.settings, context) as JsonObject,
      ...(diagnostics ? { completedExtras: { prompt_cache_diagnostics: diagnostics } } : {}),
    });
    const completed = decision.kind === "respond";
    return {
      kind: "stream",
      responseId,
      stream: request.stream,
      steps: plan.steps,
      model: request.model,
      outputItems: plan.outputItems,
      commit: (outputs?: ResponseItem[]) => {
        if (incoming.transport !== "ws") return;
        if (completed) {
          const head = {
            lane: lane.lane,
            responseId,
            context: context.concat(outputs ?? plan.outputItems),
            // not checked: the next request is (a call the successor followed needs its output)
            pairedLength: incoming.automatic ? pairedLength : context.length,
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
    if (incoming.automatic) {
      this.successors.push(record);
      return record;
    }
    this.requests.push(record);
    this.onRequest?.(record);
    return record;
  }
}
