export type { DemoFailure, DemoInjection } from "./hooks.js";
export { DemoHooks } from "./hooks.js";
export { startDemoServer } from "./server.js";
export type {
  DemoServer,
  DemoServerOptions,
  RecordedHeaders,
  RecordedRequest,
} from "./types.js";
