import type { ServerEventOf } from "../protocol/events.js";
import { classifyFailure, parseRetryAfterMs, TransportError } from "./errors.js";

/** An `error` event (WebSocket frame or SSE event) as a classified TransportError. */
export function errorFrameToTransportError(
  event: ServerEventOf<"error">,
  streamStarted: boolean,
): TransportError {
  const status = event.status;
  const code = event.error?.code ?? undefined;
  const message = event.error?.message ?? undefined;
  const param = event.error?.param ?? undefined;
  const kind = classifyFailure(status, code);
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
  });
}
