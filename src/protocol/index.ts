/**
 * The wire's vocabulary: Responses API items, events, requests and tool outputs as types and
 * pure helpers, efforts, JSON, zstd, credential scrubbing. The bottom layer: it imports nothing
 * else of src/.
 */
export { assertNever } from "./assert-never.js";
export { TURN_STATE_HEADER } from "./codex-backend.js";
export type { EffortChoice } from "./efforts.js";
export { EFFORT_CHOICES, REASONING_EFFORTS } from "./efforts.js";
export { errorMessage, redactError } from "./error-message.js";
export type { ServerEvent, ServerEventOf, Usage, UsageFigures } from "./events.js";
export {
  isTerminalEvent,
  ProtocolError,
  parseServerEvent,
  parseServerEventJson,
  usageFigures,
} from "./events.js";
export {
  GOAL_CONTEXT_CLOSE,
  GOAL_CONTEXT_OPEN,
  goalObjectiveOf,
  goalTitleOf,
  objectiveBlock,
  UPDATE_GOAL_TOOL,
} from "./goal-messages.js";
export { toHttpBody } from "./http-body.js";
export { dataUrlFacts, imageLabel, imageMention } from "./image-data.js";
export { assistantText, reasoningText } from "./item-text.js";
export type {
  FunctionCallItem,
  MessageImage,
  ResponseItem,
  ToolCallItem,
  ToolOutputItem,
} from "./items.js";
export {
  ABORTED_OUTPUT,
  asToolCall,
  developerMessage,
  lastDeveloperText,
  messageText,
  reasoningItemSchema,
  toolOutputFor,
  userMessage,
} from "./items.js";
export type { JsonObject } from "./json.js";
export { canonicalJson, sortKeysDeep } from "./json.js";
export { lazy } from "./lazy.js";
export { networkCause, unreachable } from "./network-cause.js";
export type { PlanUsage, UsageLimit, UsageWindow } from "./plan-usage.js";
export {
  describeReset,
  isUsageLimitMessage,
  planUsageFromEvent,
  planUsageFromHeaders,
  rateLimitsEvent,
  usageLimitMessage,
  usageLimitOf,
} from "./plan-usage.js";
export type {
  CustomToolSpec,
  FunctionToolSpec,
  ReasoningEffort,
  ReasoningSummary,
  ResponsesRequest,
  ToolSpec,
} from "./request.js";
export {
  reasoningEffortSchema,
  reasoningSummarySchema,
  responseCreateFrameText,
} from "./request.js";
export { ScrubbedEvents } from "./scrubbed-events.js";
export { isCredentialHeader, sentCredentials } from "./sent-credentials.js";
export { formatSseEvent, SseParser } from "./sse.js";
export { steerFrameText } from "./steer-events.js";
export { REMOVED_TOOLS_HEADER, TOOL_UPDATE_HINT } from "./tool-messages.js";
export type { ToolOutput, ToolOutputPart } from "./tool-output.js";
export { isToolOutputValue, toolOutputText } from "./tool-output.js";
export type { WebSearchMode } from "./web-search.js";
export { webSearchModeSchema, webSearchQuery, webSearchToolSpec } from "./web-search.js";
export { zstdCompress, zstdDecompress } from "./zstd.js";
