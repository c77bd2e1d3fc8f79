import type { BearerCredentials } from "../auth/index.js";
import type { ServerEventOf } from "../protocol/index.js";
import {
  type PlanUsage,
  planUsageFromHeaders,
  type UsageLimit,
  usageLimitMessage,
  usageLimitOf,
} from "../protocol/index.js";
import { unauthorizedMessage } from "./bearer.js";
import { classifyFailure, parseRetryAfterMs, TransportError } from "./errors.js";

/** An `error` event (WebSocket frame or SSE event) as a classified TransportError. */
export function errorFrameToTransportError(
  event: ServerEventOf<"error">,
  streamStarted: boolean,
  credential?: BearerCredentials["kind"],
): TransportError {
  const status = statusOf(event);
  const usageLimit = usageLimitOf(event.error);
  const planUsage = frameHeaders(event);
  if (usageLimit) return usageLimitError(usageLimit, status, planUsage, streamStarted);
  const code = event.error?.code ?? undefined;
  const message = event.error?.message ?? undefined;
  const param = event.error?.param ?? undefined;
  const kind = classifyFailure(status, code);
  if (kind === "auth") {
    const init = { kind, status, streamStarted, ...(code ? { code } : {}) };
    return new TransportError(unauthorizedMessage(credential), init);
  }
  const label = [status !== undefined ? `status ${status}` : undefined, code]
    .filter(Boolean)
    .join(", ");
  const text = `server error${label ? ` (${label})` : ""}${message ? `: ${message}` : ""}`;
  return new TransportError(text, {
    kind,
    status,
    code,
    ...(param ? { param } : {}),
    retryAfterMs: parseRetryAfterMs(message),
    streamStarted,
    ...(planUsage ? { planUsage } : {}),
  });
}

/**
 * An error frame on an open WebSocket: a 401 refuses the token the socket was upgraded with
 * (kind `socket_unauthorized`: the model client refreshes it once and sends again).
 */
export function socketErrorFrame(
  event: ServerEventOf<"error">,
  streamStarted: boolean,
  credential?: BearerCredentials["kind"],
): TransportError {
  const error = errorFrameToTransportError(event, streamStarted, credential);
  if (error.kind !== "auth") return error;
  const code = error.code ? { code: error.code } : {};
  return new TransportError(error.message, {
    kind: "socket_unauthorized",
    status: 401,
    ...code,
    streamStarted,
  });
}

/** `usage_limit_reached`: a clear message with the reset time, never retried. */
export function usageLimitError(
  usageLimit: UsageLimit,
  status: number | undefined,
  planUsage: PlanUsage | undefined,
  streamStarted = false,
): TransportError {
  return new TransportError(usageLimitMessage(usageLimit), {
    kind: "usage_limit",
    ...(status !== undefined ? { status } : {}),
    code: "usage_limit_reached",
    usageLimit,
    streamStarted,
    ...(planUsage ? { planUsage } : {}),
  });
}

/** The frame's HTTP status: `status`, or `status_code` as older servers name it (the Codex CLI reads both). */
function statusOf(event: ServerEventOf<"error">): number | undefined {
  if (event.status !== undefined) return event.status;
  const legacy = (event as { status_code?: unknown }).status_code;
  return typeof legacy === "number" ? legacy : undefined;
}

/** The backend's error frames carry the response headers they stand for (`headers`). */
function frameHeaders(event: ServerEventOf<"error">): PlanUsage | undefined {
  const headers = (event as { headers?: unknown }).headers;
  if (typeof headers !== "object" || headers === null) return undefined;
  const values = headers as Record<string, unknown>;
  return planUsageFromHeaders((name) => {
    const value = values[name];
    return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
  });
}
