/**
 * The demo Responses server: HTTP and WebSocket handlers, lanes (`stream_id`), the engine that
 * pairs a request with the model's decision and streams its events, socket steering, and the
 * test hooks that inject failures.
 */

export type { StreamIdMode } from "./hooks.js";
export { startDemoServer } from "./server.js";
export type { DemoServer, RecordedRequest } from "./types.js";
