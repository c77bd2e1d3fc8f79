/**
 * The demo Responses server: HTTP and WebSocket handlers, lanes (`stream_id`), the engine that
 * pairs a request with the model's decision and streams its events, socket steering, and the
 * test hooks that inject failures.
 */

export type { DemoFailure, DemoInjection, StreamIdMode } from "./hooks.js";
export { DemoHooks } from "./hooks.js";
export { startDemoServer } from "./server.js";
export type { DemoServer, DemoServerOptions, RecordedHeaders, RecordedRequest } from "./types.js";
