import { type AgentBill, agentBillsOfLedger, formatAgentBills } from "./agent-bill.js";
import { type CostDisplay, costDisplayOfRows } from "./cost-display.js";
import { formatLedgerCost, type LedgerCost, ledgerCost } from "./cost-totals.js";
import { type LedgerRow, WARMUP_TURN } from "./ledger-row.js";
import {
  attributePlanUsage,
  type PlanUsageAttribution,
  planUsageLines,
} from "./plan-usage-attribution.js";
import { type ServerCacheTally, serverCacheLines, tallyServerCache } from "./server-cache-tally.js";
import { type WarmupTally, warmupLine, warmupTallyOfRows } from "./warmup-tally.js";

interface LedgerSummary {
  sessionId?: string;
  requests: number;
  turns: number;
  /** Warm-up requests (turn 0). */
  warmups: number;
  /** What the warm-ups were billed (their line of its own). */
  warmup: WarmupTally;
  modes: Record<string, number>;
  fullReasons: Record<string, number>;
  outcomes: Record<string, number>;
  /** Cache diagnoses by kind (`cache_cold`, `prefix_changed@item`, `prefix_changed:reasoning`). */
  cacheMisses: Record<string, number>;
  bytesSent: number;
  itemsSent: number;
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
  /** Cached share of input tokens, 0..1 (0 when nothing was reported). */
  cacheHitRatio: number;
  /** Share of WebSocket requests sent incrementally, 0..1. */
  incrementalRatio: number;
  /** The server's cache diagnoses and how often they agreed with the client's. */
  serverCache: ServerCacheTally;
  /** Requests per `model (catalog source)`. */
  models: Record<string, number>;
  /** Effort changes carried in-band (configuration_update), per effort. */
  inBandEfforts: Record<string, number>;
  /** US dollars over the priced requests, per model; models whose requests had no price. */
  cost: LedgerCost;
  /** Dollars, or what a ChatGPT plan counts (plan usage in the rows: `costDisplayOfRows`). */
  costDisplay: CostDisplay;
  /** Each subagent's bill (its requests are counted above too). */
  agents: AgentBill[];
  /** The Codex backend's plan windows and each turn's share (no `latest`: none reported). */
  planUsage: PlanUsageAttribution;
}

/** Pure summary of ledger rows for `mini-codex ledger`. */
export function summarizeLedger(rows: readonly LedgerRow[]): LedgerSummary {
  const count = (map: Record<string, number>, key: string) => {
    map[key] = (map[key] ?? 0) + 1;
  };
  const summary: LedgerSummary = {
    sessionId: rows[0]?.session_id,
    requests: rows.length,
    turns: new Set(rows.map((row) => row.turn).filter((turn) => turn !== WARMUP_TURN)).size,
    warmups: rows.filter((row) => row.turn === WARMUP_TURN).length,
    warmup: warmupTallyOfRows(rows),
    modes: {},
    fullReasons: {},
    outcomes: {},
    cacheMisses: {},
    bytesSent: 0,
    itemsSent: 0,
    inputTokens: 0,
    cachedTokens: 0,
    outputTokens: 0,
    cacheHitRatio: 0,
    incrementalRatio: 0,
    serverCache: { answers: 0, compared: 0, agreed: 0, verdicts: {} },
    models: {},
    inBandEfforts: {},
    cost: ledgerCost(rows),
    costDisplay: costDisplayOfRows(rows),
    agents: agentBillsOfLedger(rows),
    planUsage: attributePlanUsage(rows),
  };
  let wsRequests = 0;
  for (const row of rows) {
    count(summary.modes, row.mode);
    count(summary.outcomes, row.outcome);
    if (row.reason) count(summary.fullReasons, row.reason);
    if (row.cache_diagnosis) count(summary.cacheMisses, missKind(row.cache_diagnosis));
    if (row.server_cache) tallyServerCache(summary.serverCache, row.server_cache);
    if (row.transport === "ws") wsRequests += 1;
    count(summary.models, `${row.model} (${row.model_source ?? "source unknown"})`);
    if (row.effort_update) count(summary.inBandEfforts, row.effort_update);
    summary.bytesSent += row.bytes_sent;
    summary.itemsSent += row.items_sent;
    summary.inputTokens += row.usage?.input_tokens ?? 0;
    summary.cachedTokens += row.usage?.cached_tokens ?? 0;
    summary.outputTokens += row.usage?.output_tokens ?? 0;
  }
  summary.cacheHitRatio = summary.inputTokens > 0 ? summary.cachedTokens / summary.inputTokens : 0;
  summary.incrementalRatio = wsRequests > 0 ? (summary.modes.ws_incremental ?? 0) / wsRequests : 0;
  return summary;
}

/** A readable multi-line rendering of a summary. */
export function formatLedgerSummary(summary: LedgerSummary): string {
  const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;
  const pairs = (map: Record<string, number>) =>
    Object.entries(map)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([key, value]) => `${key} ${value}`)
      .join(", ") || "none";
  return [
    `session ${summary.sessionId ?? "(empty)"}`,
    `requests ${summary.requests} over ${summary.turns} turn(s)${warmups(summary.warmups)}`,
    `modes: ${pairs(summary.modes)} (incremental ${pct(summary.incrementalRatio)} of WebSocket requests)`,
    `models: ${pairs(summary.models)}`,
    `full because: ${pairs(summary.fullReasons)}`,
    `in-band effort changes: ${pairs(summary.inBandEfforts)}`,
    `outcomes: ${pairs(summary.outcomes)}`,
    `cache misses: ${pairs(summary.cacheMisses)}`,
    `sent ${summary.bytesSent} bytes, ${summary.itemsSent} items`,
    `tokens: input ${summary.inputTokens}, cached ${summary.cachedTokens} (${pct(summary.cacheHitRatio)}), output ${summary.outputTokens}`,
    ...serverCacheLines(summary.serverCache, pairs),
    `cost: ${formatLedgerCost(summary.cost, summary.costDisplay)}`,
    ...optionalLine("warm-up: ", warmupLine(summary.warmup, summary.costDisplay)),
    ...agentLines(summary.agents, summary.costDisplay),
    ...planUsageLines(summary.planUsage),
  ].join("\n");
}

/** The kind of a diagnosis without its figures, so misses of one kind count together. */
function missKind(diagnosis: string): string {
  return diagnosis.replace(/^cache_cold:\d+$/, "cache_cold").replace(/@\d+$/, "@item");
}

function optionalLine(label: string, text: string | undefined): string[] {
  return text === undefined ? [] : [`${label}${text}`];
}

function warmups(count: number): string {
  return count === 0 ? "" : `, ${count} warm-up${count > 1 ? "s" : ""}`;
}

function agentLines(agents: readonly AgentBill[], display: CostDisplay): string[] {
  const lines = formatAgentBills(agents, display);
  return lines.length === 0 ? [] : ["subagents:", ...lines.map((line) => `  ${line}`)];
}
