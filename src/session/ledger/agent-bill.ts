import { formatUsd } from "../../models/index.js";
import { groupedNumber } from "../../text/index.js";
import type { AgentView } from "./agent-view.js";
import type { CostDisplay } from "./cost-display.js";
import type { LedgerRow } from "./ledger-row.js";

/** What one subagent cost (the exit summary, `mini-codex ledger`). */
export interface AgentBill {
  id: string;
  name: string;
  parent: string;
  requests: number;
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
  /** US dollars over its priced requests; undefined: none priced. */
  usd?: number;
  /** Its first request: whether it continued its parent's chain (a warm start) and what that saved. */
  first?: { incremental: boolean; reason?: string; cachedTokens: number; savedUsd?: number };
}

/**
 * What a subagent cost so far, as a cell: "$0.0031"; "nothing billed yet" before any of its
 * requests reported usage (a child just spawned, or waiting for a slot); "no price" for a model
 * without one.
 */
export function agentCostText(
  bill: Pick<AgentBill, "usd" | "inputTokens" | "outputTokens">,
): string {
  if (bill.usd !== undefined) return formatUsd(bill.usd);
  return bill.inputTokens + bill.outputTokens === 0 ? "nothing billed yet" : "no price";
}

/** The bills of the subagents in a ledger (rows without `agent` are the session's own). */
export function agentBillsOfLedger(rows: readonly LedgerRow[]): AgentBill[] {
  const bills = new Map<string, AgentBill>();
  for (const row of rows) {
    if (!row.agent) continue;
    let bill = bills.get(row.agent.id);
    if (!bill) {
      bill = { ...row.agent, requests: 0, inputTokens: 0, cachedTokens: 0, outputTokens: 0 };
      bills.set(row.agent.id, bill);
    }
    bill.requests += 1;
    bill.inputTokens += row.usage?.input_tokens ?? 0;
    bill.cachedTokens += row.usage?.cached_tokens ?? 0;
    bill.outputTokens += row.usage?.output_tokens ?? 0;
    if (row.cost_usd !== null) bill.usd = (bill.usd ?? 0) + row.cost_usd;
    if (!bill.first && row.outcome === "completed") {
      bill.first = {
        incremental: row.mode === "ws_incremental",
        ...(row.reason ? { reason: row.reason } : {}),
        cachedTokens: row.usage?.cached_tokens ?? 0,
        ...(row.saved_usd !== null ? { savedUsd: row.saved_usd } : {}),
      };
    }
  }
  return [...bills.values()];
}

/** The bills of a session's subagents as it runs (the exit summary). */
export function agentBillsOfViews(views: readonly AgentView[]): AgentBill[] {
  return views.map((view) => ({
    id: view.id,
    name: view.name,
    parent: view.parent,
    requests: view.requests,
    inputTokens: view.inputTokens,
    cachedTokens: view.cachedTokens,
    outputTokens: view.outputTokens,
    ...(view.usd !== undefined ? { usd: view.usd } : {}),
    ...(view.start
      ? {
          first: {
            incremental: view.start.mode === "ws_incremental",
            ...(view.start.reason ? { reason: view.start.reason } : {}),
            cachedTokens: view.start.cachedTokens,
            ...(view.start.savedUsd !== undefined ? { savedUsd: view.start.savedUsd } : {}),
          },
        }
      : {}),
  }));
}

const pct = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)}%` : "0%";

/**
 * One line a subagent, then what the warm starts saved: "agent-1: 3 requests, input 9 812
 * (cached 9 344, 95%), output 240, $0.0031 · warm start"; "warm starts: 4 of 4 subagents
 * continued their parent's chain, saving $0.012 (37 376 cached tokens on their first requests)".
 */
export function formatAgentBills(
  bills: readonly AgentBill[],
  display: CostDisplay = "dollars",
): string[] {
  if (bills.length === 0) return [];
  const count = groupedNumber;
  const dollars = display === "dollars";
  const lines = bills.map((bill) => {
    const cost = dollars ? `, ${agentCostText(bill)}` : "";
    const start = !bill.first
      ? ""
      : bill.first.incremental
        ? " · warm start"
        : ` · cold start (${bill.first.reason ?? "full"})`;
    return `${bill.name}: ${bill.requests} request${bill.requests === 1 ? "" : "s"}, input ${count(bill.inputTokens)} (cached ${count(bill.cachedTokens)}, ${pct(bill.cachedTokens, bill.inputTokens)}), output ${count(bill.outputTokens)}${cost}${start}`;
  });
  const warm = bills.filter((bill) => bill.first?.incremental);
  const cached = warm.reduce((sum, bill) => sum + (bill.first?.cachedTokens ?? 0), 0);
  const priced = warm.filter((bill) => bill.first?.savedUsd !== undefined);
  const saved = priced.reduce((sum, bill) => sum + (bill.first?.savedUsd ?? 0), 0);
  const saving = dollars && priced.length > 0 ? `saving ${formatUsd(saved)} (` : "(";
  lines.push(
    `warm starts: ${warm.length} of ${bills.length} subagent${bills.length === 1 ? "" : "s"} continued their parent's chain, ${saving}${count(cached)} cached tokens on their first requests)`,
  );
  return lines;
}

/** A subagent in one line: "agent-1 (fork, completed) — 2 requests, 95% cached, $0.0021: <its answer>". */
export function describeAgent(view: AgentView, display: CostDisplay = "dollars"): string {
  const cost = view.usd === undefined || display === "plan" ? "" : `, ${formatUsd(view.usd)}`;
  const figures = `${view.requests} request${view.requests === 1 ? "" : "s"}, ${pct(view.cachedTokens, view.inputTokens)} cached${cost}`;
  const said = view.status === "errored" ? view.error : view.lastMessage;
  const text = said?.trim() ? `: ${said.trim()}` : "";
  return `${view.name} (${view.kind}, ${view.status}) — ${figures}${text}`;
}
