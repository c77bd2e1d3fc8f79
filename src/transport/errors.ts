import type { PlanUsage, UsageLimit } from "../protocol/index.js";

/**
 * One failure classification for both transports (docs/protocol.md, "Failure handling"). The model client decides what
 * to do from `kind`; messages name what failed, never a prompt, a tool output or a key.
 */
type FailureKind =
  /** Network error, 5xx, dropped socket, idle timeout: retry (with backoff). */
  | "retryable"
  /** WebSocket upgrade refused (426, 404, any non-101) or connect error: use HTTP for good. */
  | "fallback_http"
  /** The server does not know our previous_response_id: reconnect, resend in full. */
  | "previous_not_found"
  /** websocket_connection_limit_reached / websocket_stream_limit_reached: new connection, full resend. */
  | "connection_limit"
  /** rate_limit_exceeded: retry after the server's suggested delay. */
  | "rate_limited"
  /** usage_limit_reached (the plan's window is used up): never retried, the reset time said. */
  | "usage_limit"
  /** 401 after the one refresh (or for a key): never retried. */
  | "auth"
  /** A 401 error frame on an open WebSocket (the token expired mid-session): refresh once, reconnect, resend in full. */
  | "socket_unauthorized"
  /** Anything else (4xx, invalid request, malformed stream): fail the turn. */
  | "fatal"
  /** The caller aborted (Esc / Ctrl-C). */
  | "aborted";

interface TransportErrorInit {
  kind: FailureKind;
  /** usage_limit_reached: the plan and when the limit lifts. */
  usageLimit?: UsageLimit;
  /** The plan usage the failed response's headers (or error frame) reported. */
  planUsage?: PlanUsage;
  status?: number;
  code?: string;
  /** The request parameter the server named (`error.param`), e.g. `stream_id`. */
  param?: string;
  retryAfterMs?: number;
  /** Whether any event of the response had arrived before the failure. */
  streamStarted?: boolean;
}

export class TransportError extends Error {
  override readonly name: string = "TransportError";
  readonly kind: FailureKind;
  readonly status?: number;
  readonly code?: string;
  readonly param?: string;
  readonly retryAfterMs?: number;
  readonly streamStarted: boolean;
  readonly usageLimit?: UsageLimit;
  readonly planUsage?: PlanUsage;

  constructor(message: string, init: TransportErrorInit) {
    super(message);
    this.kind = init.kind;
    if (init.usageLimit) this.usageLimit = init.usageLimit;
    if (init.planUsage) this.planUsage = init.planUsage;
    this.status = init.status;
    this.code = init.code;
    this.param = init.param;
    this.retryAfterMs = init.retryAfterMs;
    this.streamStarted = init.streamStarted ?? false;
  }

  get retryable(): boolean {
    return this.kind === "retryable" || this.kind === "rate_limited";
  }
}

/** The WebSocket upgrade was refused or could not connect: switch the session to HTTP. */
export class WebSocketUnavailable extends TransportError {
  override readonly name = "WebSocketUnavailable";
  constructor(message: string, status?: number) {
    super(message, { kind: "fallback_http", status });
  }
}

/** Classify an HTTP status (from a response or a WebSocket error frame) plus an error code. */
export function classifyFailure(status: number | undefined, code?: string | null): FailureKind {
  if (code === "usage_limit_reached") return "usage_limit";
  if (code === "previous_response_not_found") return "previous_not_found";
  if (code === "websocket_connection_limit_reached") return "connection_limit";
  if (code === "websocket_stream_limit_reached") return "connection_limit";
  if (code === "rate_limit_exceeded" || status === 429) return "rate_limited";
  if (status === 401) return "auth";
  if (code === "server_error" || code === "server_is_overloaded") return "retryable";
  if (status === undefined) return "fatal";
  if (status >= 500) return "retryable";
  if (status === 408 || status === 409) return "retryable";
  return "fatal";
}

/**
 * Parse a server's suggested delay: "Please try again in 1.5s" / "in 300ms", or Retry-After
 * (seconds or an HTTP date).
 */
export function parseRetryAfterMs(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const seconds = /^\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (seconds) return Math.round(Number(seconds[1]) * 1000);
  // Retry-After's other form, an HTTP date: "Wed, 02 Dec 2026 11:00:00 GMT"
  if (/^\s*\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\s*$/.test(text)) {
    const at = Date.parse(text);
    if (Number.isFinite(at)) return Math.max(0, at - Date.now());
  }
  const phrase = /try again in\s*(\d+(?:\.\d+)?)\s*(ms|s)/i.exec(text);
  if (!phrase) return undefined;
  const value = Number(phrase[1]);
  return Math.round(phrase[2]?.toLowerCase() === "ms" ? value : value * 1000);
}

/**
 * The provider turned a lane's `stream_id` down (docs/protocol.md, "Lanes"): an error that
 * names the parameter (`unknown_parameter`, or any error whose `param` is `stream_id`) or
 * calls it invalid. The stream limit is not a refusal: it rotates the socket.
 */
export function isStreamIdRefusal(error: unknown): boolean {
  if (!(error instanceof TransportError)) return false;
  if (error.code === "websocket_stream_limit_reached") return false;
  if (error.code === "invalid_stream_id" || error.param === "stream_id") return true;
  return error.code === "unknown_parameter" && error.message.includes("stream_id");
}

/** The close handler cannot know whether events arrived; the reading stream does. */
export function withStarted(error: unknown, started: boolean): unknown {
  if (!(error instanceof TransportError) || error instanceof WebSocketUnavailable) return error;
  if (error.streamStarted === started) return error;
  return new TransportError(error.message, {
    kind: error.kind,
    status: error.status,
    code: error.code,
    param: error.param,
    retryAfterMs: error.retryAfterMs,
    streamStarted: started,
    ...(error.usageLimit ? { usageLimit: error.usageLimit } : {}),
    ...(error.planUsage ? { planUsage: error.planUsage } : {}),
  });
}

/** A socket that closed while a response was due (retryable: a new connection may serve it). */
export function closedBeforeTerminal(detail: string): TransportError {
  return new TransportError(`WebSocket closed before response.completed ${detail}`, {
    kind: "retryable",
    code: "websocket_closed",
  });
}
