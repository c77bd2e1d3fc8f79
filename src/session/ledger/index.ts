/**
 * What every request cost and why: the facts the wire records (request-facts.ts), usage, cost
 * and cache figures, the ledger's rows and summary, plan usage on a ChatGPT plan, warm-ups, and
 * each subagent's view and bill.
 */
export { agentBillsOfViews, agentCostText, describeAgent, formatAgentBills } from "./agent-bill.js";
export type { AgentLimits, AgentStatus, AgentView } from "./agent-view.js";
export { isFinalStatus } from "./agent-view.js";
export type { BestEarlier } from "./cache-diagnosis.js";
export {
  describeDiagnosis,
  diagnoseCache,
  missedPrefixTokens,
  parseDiagnosis,
} from "./cache-diagnosis.js";
export type { CostDisplay } from "./cost-display.js";
export { costDisplayFor } from "./cost-display.js";
export type { LedgerCost } from "./cost-totals.js";
export { addRequestCost, formatLedgerCost } from "./cost-totals.js";
export { formatCostByTurn } from "./ledger-cost.js";
export { effortChange } from "./ledger-efforts.js";
export { formatLedgerPicture } from "./ledger-picture.js";
export type { LedgerRow } from "./ledger-row.js";
export {
  ledgerRow,
  ledgerRowSchema,
  planUsageCell,
  planUsageCellSchema,
  planUsageOfCell,
  WARMUP_TURN,
} from "./ledger-row.js";
export { formatLedgerSummary, summarizeLedger } from "./ledger-summary.js";
export type { PlanUsageAttribution, PlanUsageRow } from "./plan-usage-attribution.js";
export { attributePlanUsage, planUsageLines, share, windowName } from "./plan-usage-attribution.js";
export { costOfRequest } from "./request-cost.js";
export type {
  AgentTag,
  CompactionFacts,
  RequestCacheFacts,
  RequestFinished,
  RequestMode,
  RequestOutcome,
  RequestStarted,
  ServerCacheFacts,
} from "./request-facts.js";
export type { PrefixReuse, RequestForecast, TokenCalibration } from "./request-forecast.js";
export { expectedOutput, forecastRequest } from "./request-forecast.js";
export type { ServerCacheAnswer } from "./server-cache.js";
export { cacheAgreement, serverCacheAnswer } from "./server-cache.js";
export { serverCacheText } from "./server-cache-tally.js";
export { addUsage, noUsage, requestUsage, steeredUsageOf } from "./usage.js";
export type { WarmupTally } from "./warmup-tally.js";
export { warmupLine } from "./warmup-tally.js";
