/**
 * Bytes to and from the provider: the persistent WebSocket (connect, permessage-deflate, idle
 * and drop detection) and HTTP with SSE, behind one interface the wire uses.
 */
export { backoffDelayMs, sleep } from "./backoff.js";
export type { TurnScope, TurnState } from "./codex-backend.js";
export { TurnStates } from "./codex-backend.js";
export {
  isStreamIdRefusal,
  parseRetryAfterMs,
  TransportError,
  WebSocketUnavailable,
} from "./errors.js";
export { afterFirstRequestWritten } from "./first-request.js";
export { clientIdentity } from "./headers.js";
export { HttpTransport } from "./http.js";
export type { LaneRoute, ProviderEndpoint, ResponsesTransport, TransportKind } from "./types.js";
export { WebSocketTransport } from "./websocket.js";
