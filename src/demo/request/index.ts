/**
 * What the demo server reads of a request: its fields checked against the API's vocabulary
 * (refusals as the real API words them), the tools it offers, in-band effort updates, cache
 * options, and what the simulated prompt cache makes of its prompt (cached tokens, diagnostics).
 */

export {
  cacheableTokens,
  estimateTokens,
  PromptCacheSimulator,
  promptTokenStream,
} from "./cache.js";
export { diagnose, PromptRecords, promptRecord } from "./cache-diagnostics.js";
export { cacheOptionsRefusal, cacheUseOf, withoutBreakpoints } from "./cache-options.js";
export { effortUpdateRefusal, settingsInForce, unsupportedItemRefusal } from "./effort-updates.js";
export type { DemoToolOffer } from "./offers.js";
export { offersInContext } from "./offers.js";
export type { DemoRequest, DemoTransport } from "./request.js";
export { parseDemoRequest } from "./request.js";
export type { RequestRefusal } from "./request-fields.js";
