/**
 * The embedded demo provider (`--demo`, `mini-codex demo-server`): a Responses API server on
 * loopback (server/) answering with a rule-based model (model/), reading each request and
 * simulating the prompt cache (request/), with a ChatGPT backend and sign-in issuer (backend/).
 * Tests and benchmarks run against it.
 */
export { createScratchWorkspace, DEMO_GOAL_SCRIPTS, DEMO_PHRASES } from "./model/index.js";
export type { DemoServer } from "./server/index.js";
export { startDemoServer } from "./server/index.js";
