import type { BearerCredentials } from "../auth/index.js";
import type { ResponsesRequest } from "../protocol/index.js";
import {
  isTerminalEvent,
  networkCause,
  type PlanUsage,
  ProtocolError,
  parseServerEventJson,
  planUsageFromHeaders,
  rateLimitsEvent,
  type ServerEvent,
  SseParser,
  TURN_STATE_HEADER,
  toHttpBody,
  unreachable,
  usageLimitOf,
  zstdCompress,
} from "../protocol/index.js";
import { abortedError } from "./backoff.js";
import { unauthorizedMessage, withBearer } from "./bearer.js";
import type { TurnState } from "./codex-backend.js";
import { classifyFailure, parseRetryAfterMs, TransportError } from "./errors.js";
import { idleTimeoutError } from "./event-queue.js";
import { requestWritten } from "./first-request.js";
import { identityHeaders, responsesUrl } from "./headers.js";
import { errorFrameToTransportError, usageLimitError } from "./server-error.js";
import type { LaneRoute, ProviderEndpoint, ResponsesTransport } from "./types.js";

export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 300_000;

interface HttpTransportOptions {
  fetch?: typeof fetch;
}

/**
 * `POST {base}/responses` streamed as SSE, one attempt per `stream()`: the model client owns
 * the one retry budget (each attempt gets its ledger line).
 */
export class HttpTransport implements ResponsesTransport {
  readonly kind = "http" as const;
  private readonly inflight = new Set<AbortController>();
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly endpoint: ProviderEndpoint,
    options: HttpTransportOptions = {},
  ) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  stream(
    request: ResponsesRequest,
    signal?: AbortSignal,
    lane?: LaneRoute,
  ): AsyncIterable<ServerEvent> {
    return this.run(request, signal, lane?.turnState);
  }

  /** Abort every request still in flight. */
  close(): void {
    for (const controller of this.inflight) controller.abort(new TransportClosed());
    this.inflight.clear();
  }

  private async *run(
    request: ResponsesRequest,
    signal: AbortSignal | undefined,
    turnState: TurnState | undefined,
  ): AsyncGenerator<ServerEvent> {
    const body = await this.encode(toHttpBody(request));
    const idleMs = this.endpoint.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    this.inflight.add(controller);
    try {
      let response: Response;
      try {
        response = await this.post(body, controller, idleMs, signal, turnState);
        requestWritten(); // a response came: the body was sent
      } catch (error) {
        throw preStreamFailure(error, controller, signal, responsesUrl(this.endpoint.baseUrl));
      }
      if (this.endpoint.backend) turnState?.capture(response.headers.get(TURN_STATE_HEADER));
      const usage = planUsageFromHeaders((name) => response.headers.get(name));
      if (!response.ok) throw await httpStatusError(response, usage);
      const credential = this.endpoint.credentials?.kind;
      yield* withPlanUsage(
        readEventStream(response, controller, idleMs, signal, credential),
        usage,
      );
    } catch (error) {
      if (signal?.aborted || isClosed(controller)) throw abortedError(isStarted(error));
      throw toTransportError(error);
    } finally {
      signal?.removeEventListener("abort", onAbort);
      controller.abort();
      this.inflight.delete(controller);
    }
  }

  /** The body as sent: zstd toward the Codex backend (as the Codex CLI sends it), else JSON. */
  private async encode(json: string): Promise<{ bytes: string | Uint8Array; zstd: boolean }> {
    if (!this.endpoint.backend) return { bytes: json, zstd: false };
    return { bytes: await zstdCompress(json), zstd: true };
  }

  private async post(
    body: { bytes: string | Uint8Array; zstd: boolean },
    controller: AbortController,
    idleMs: number,
    signal: AbortSignal | undefined,
    turnState: TurnState | undefined,
  ): Promise<Response> {
    if (signal?.aborted) throw abortedError();
    const timer = setTimeout(() => controller.abort(new IdleTimeout()), idleMs);
    try {
      return await withBearer(this.endpoint.credentials, async (token) => {
        const response = await this.fetchImpl(responsesUrl(this.endpoint.baseUrl), {
          method: "POST",
          headers: {
            ...identityHeaders(this.endpoint, token, turnState),
            Accept: "text/event-stream",
            "Content-Type": "application/json",
            ...(body.zstd ? { "Content-Encoding": "zstd" } : {}),
          },
          body: body.bytes,
          signal: controller.signal,
        });
        if (response.status === 401) {
          await response.body?.cancel().catch(() => {});
          const message = unauthorizedMessage(this.endpoint.credentials?.kind);
          throw new TransportError(message, { kind: "auth", status: 401 });
        }
        return response;
      });
    } catch (error) {
      if (controller.signal.reason instanceof IdleTimeout) throw idleTimeoutError(idleMs, false);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

class IdleTimeout extends Error {}
class TransportClosed extends Error {}

function isClosed(controller: AbortController): boolean {
  return controller.signal.reason instanceof TransportClosed;
}

/** A failure before the response headers: network errors and header timeouts are retryable. */
function preStreamFailure(
  error: unknown,
  controller: AbortController,
  signal: AbortSignal | undefined,
  url: string,
): TransportError {
  if (signal?.aborted || isClosed(controller)) return abortedError();
  if (error instanceof TransportError) return error;
  return new TransportError(`network error: ${unreachable("POST", url, error)}`, {
    kind: "retryable",
  });
}

async function* readEventStream(
  response: Response,
  controller: AbortController,
  idleMs: number,
  signal: AbortSignal | undefined,
  credential: BearerCredentials["kind"] | undefined,
): AsyncGenerator<ServerEvent> {
  const body = response.body;
  if (!body) throw new TransportError("empty response body", { kind: "retryable" });
  const reader = body.getReader();
  const parser = new SseParser();
  let started = false;
  let deadline = Date.now() + idleMs;
  try {
    for (;;) {
      const chunk = await readBefore(reader, deadline, controller);
      if (chunk === "timeout") throw idleTimeoutError(idleMs, started);
      const events = chunk.done ? parser.end() : parser.feed(chunk.value);
      for (const sse of events) {
        if (sse.data === "[DONE]") continue;
        const event = parseServerEventJson(sse.data);
        started = true;
        deadline = Date.now() + idleMs;
        if (event.type === "error") throw errorFrameToTransportError(event, true, credential);
        yield event;
        if (isTerminalEvent(event)) return;
      }
      if (chunk.done) {
        throw new TransportError("stream closed before response.completed", {
          kind: "retryable",
          streamStarted: started,
        });
      }
    }
  } catch (error) {
    if (signal?.aborted) throw abortedError(started);
    if (error instanceof TransportError) throw error;
    if (error instanceof ProtocolError) {
      throw new TransportError(error.message, { kind: "fatal", streamStarted: started });
    }
    throw new TransportError(`stream interrupted: ${networkCause(error)}`, {
      kind: "retryable",
      streamStarted: started,
    });
  } finally {
    reader.releaseLock();
  }
}

async function readBefore(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  deadline: number,
  controller: AbortController,
): Promise<Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>> | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now()));
  });
  try {
    const result = await Promise.race([reader.read(), timeout]);
    if (result === "timeout") controller.abort();
    return result;
  } finally {
    clearTimeout(timer);
  }
}

/** The plan usage a response's headers reported, after the stream's first event (see websocket.ts). */
async function* withPlanUsage(
  events: AsyncGenerator<ServerEvent>,
  usage: PlanUsage | undefined,
): AsyncGenerator<ServerEvent> {
  let pending = usage;
  for await (const event of events) {
    yield event;
    if (pending) {
      yield { type: "unknown_event", raw: rateLimitsEvent(pending) };
      pending = undefined;
    }
  }
}

async function httpStatusError(
  response: Response,
  planUsage: PlanUsage | undefined,
): Promise<TransportError> {
  const status = response.status;
  let code: string | undefined;
  let message: string | undefined;
  try {
    const parsed = JSON.parse(await response.text()) as {
      error?: { code?: unknown; message?: unknown; type?: unknown };
      detail?: unknown;
    };
    const limit = usageLimitOf(parsed.error);
    if (limit) return usageLimitError(limit, status, planUsage);
    if (typeof parsed.error?.code === "string") code = parsed.error.code;
    if (typeof parsed.error?.message === "string") message = parsed.error.message;
    // the Codex backend answers some refusals as `{"detail": "…"}`
    if (message === undefined && typeof parsed.detail === "string") message = parsed.detail;
  } catch {
    // Not JSON: report the status alone, never the raw body.
  }
  const kind = classifyFailure(status, code);
  const retryAfterMs =
    parseRetryAfterMs(response.headers.get("retry-after")) ?? parseRetryAfterMs(message);
  const label = code ? `HTTP ${status} ${code}` : `HTTP ${status}`;
  return new TransportError(message ? `${label}: ${message}` : label, {
    kind,
    status,
    code,
    retryAfterMs,
  });
}

function isStarted(error: unknown): boolean {
  return error instanceof TransportError && error.streamStarted;
}

function toTransportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  return new TransportError(`network error: ${networkCause(error)}`, { kind: "retryable" });
}
