import type { BearerCredentials } from "../auth/credentials.js";
import type { ServerEventOf } from "../protocol/events.js";
import {
  type PlanUsage,
  planUsageFromHeaders,
  type UsageLimit,
  usageLimitMessage,
  usageLimitOf,
} from "../protocol/plan-usage.js";
import { unauthorizedMessage } from "./bearer.js";
import { classifyFailure, parseRetryAfterMs, TransportError } from "./errors.js";

/** An `error` event (WebSocket frame or SSE event) as a classified TransportError. */
export function errorFrameToTransportError(
  event: ServerEventOf<"error">,
  streamStarted: boolean,
  credential?: BearerCredentials["kind"],
): TransportError {
  const status = event.status;
  const usageLimit = usageLimitOf(event.error);
  const planUsage = frameHeaders(event);
  if (usageLimit) return usageLimitError(usageLimit, status, planUsage, streamStarted);
  const code = event.error?.code ?? undefined;
  const message = event.error?.message ?? undefined;
  const param = event.error?.param ?? undefined;
  const kind = classifyFailure(status, code);
  if (kind === "auth") {
    return new TransportError(unauthorizedMessage(credential), { kind, status, streamStarted });
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
