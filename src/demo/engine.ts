import { randomBytes } from "node:crypto";
import type { ResponseItem } from "../protocol/items.js";
import { ResponsesRequestSchema } from "../protocol/request.js";
import { estimateTokens, PromptCacheSimulator, promptTokenStream } from "./cache.js";
import type { DemoHooks } from "./hooks.js";
import { type DemoDecision, decideDemoResponse } from "./model.js";
import { ResponseStore } from "./store.js";
import { planResponseStream, type StreamStep } from "./stream.js";
import type { DemoApiError, DemoTransport, RecordedHeaders, RecordedRequest } from "./types.js";

/** One request as the plumbing hands it over. */
export interface IncomingRequest {
  transport: DemoTransport;
  connectionId: string;
  headers: RecordedHeaders;
  bytes: number;
  body: unknown;
}

export type EngineResult =
  | { kind: "error"; failure: DemoApiError }
  | {
      kind: "stream";
      responseId: string;
      steps: StreamStep[];
      /** Call after the terminal event went out: the response becomes chainable. */
      commit(): void;
    };

/** The transport-independent heart of the demo server: record, validate, chain, decide. */
export class DemoEngine {
  readonly requests: RecordedRequest[] = [];
  readonly store = new ResponseStore();
  readonly cache = new PromptCacheSimulator();

  constructor(private readonly hooks: DemoHooks) {}

  handle(incoming: IncomingRequest): EngineResult {
    const record = this.record(incoming);
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
      return result;
    }
    const parsed = ResponsesRequestSchema.safeParse(incoming.body);
    if (!parsed.success) {
      const param = parsed.error.issues[0]?.path.join(".") ?? "";
      return apiError(400, "invalid_request", `invalid request body (${param || "root"})`, param);
    }
    const request = parsed.data;
    let context: ResponseItem[] = request.input;
    const previousId = request.previous_response_id;
    if (previousId !== undefined) {
      const previous =
        incoming.transport === "ws" ? this.store.get(incoming.connectionId, previousId) : undefined;
      if (!previous) {
        return apiError(
          400,
          "previous_response_not_found",
          `Previous response with id '${previousId}' not found.`,
          "previous_response_id",
        );
      }
      context = [...previous, ...request.input];
    }
    const stream = promptTokenStream({
      instructions: request.instructions,
      tools: request.tools,
      context,
    });
    const inputTokens = estimateTokens(stream);
    const cachedTokens = Math.min(
      inputTokens,
      this.cache.lookupAndStore(`${request.model}\u0000${request.prompt_cache_key ?? ""}`, stream),
    );
    const decision: DemoDecision =
      request.generate === false
        ? { kind: "respond", outputs: [] }
        : decideDemoResponse({
            context,
            tools: request.tools.map((tool) => ({ name: tool.name, type: tool.type })),
            reasoning: request.reasoning !== undefined,
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
    });
    const completed = decision.kind === "respond";
    return {
      kind: "stream",
      responseId,
      steps: plan.steps,
      commit: () => {
        if (completed && incoming.transport === "ws") {
          this.store.put(incoming.connectionId, responseId, [...context, ...plan.outputItems]);
        }
      },
    };
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
      inputLength: Array.isArray(body?.input) ? body.input.length : 0,
      bytes: incoming.bytes,
      body: incoming.body,
      headers: incoming.headers,
      receivedAt: Date.now(),
    };
    if (typeof body?.previous_response_id === "string") {
      record.previousResponseId = body.previous_response_id;
    }
    if (typeof body?.generate === "boolean") record.generate = body.generate;
    this.requests.push(record);
    return record;
  }
}

export function apiError(
  status: number,
  code: string,
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

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}
