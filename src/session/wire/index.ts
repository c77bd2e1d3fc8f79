/**
 * From a logical request to the model and back: the planner (plan.ts: incremental or full, and
 * why), response chains and lanes, attempts with their deadlines and retries, failures and
 * refusals, the socket's steering, and the streamed response. model-client.ts is its entry.
 */
export type { ForkSeed, LaneOwner } from "./agent-lanes.js";
export {
  carriedEffort,
  configurationUpdate,
  isConfigurationUpdate,
  lastUpdateEffort,
} from "./effort-updates.js";
export { ModelRequestError } from "./failures.js";
export { InconsistentHistoryError, repairHistory } from "./history-repair.js";
export { LaneTable } from "./lanes.js";
export type { ModelClientOptions } from "./model-client.js";
export { ModelClient } from "./model-client.js";
export type { PlannedRequest, WirePlan } from "./plan.js";
export { COMPARED_FIELDS } from "./plan.js";
export type { PromptCacheSettings, PromptCacheTtl } from "./prompt-cache.js";
export {
  DEFAULT_PROMPT_CACHE_MODE,
  DEFAULT_PROMPT_CACHE_TTL,
  PROVIDER_CACHE_TTL_MS,
  promptCacheTtlMs,
} from "./prompt-cache.js";
export type { ProviderSettings } from "./provider-settings.js";
export type { FullRequest, RequestFrame, RequestWire } from "./request.js";
export { RequestBuilder } from "./request.js";
export type { CompletedResponse } from "./response-stream.js";
export type { SessionSettings } from "./session-settings.js";
export type { SteeringOutcome } from "./socket-steering.js";
export {
  baseInstructionsMessage,
  hasInstructions,
  switchedInstructionsMessage,
  toolDeclarationItem,
  toolUpdateItems,
} from "./tool-declarations.js";
