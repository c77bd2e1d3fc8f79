import { formatUsd } from "../models/cost.js";
import { formatLedgerCost, type LedgerRow, ledgerCost, WARMUP_TURN } from "./ledger.js";

/**
 * `mini-codex ledger --cost`: one line per turn (its requests, cost and what misses added), then
 * the session's total per model. Warm-ups are counted under "warm-up".
 */
export function formatCostByTurn(rows: readonly LedgerRow[]): string {
  const turns = new Map<number, LedgerRow[]>();
  for (const row of rows) turns.set(row.turn, [...(turns.get(row.turn) ?? []), row]);
  const lines = [...turns.entries()]
    .sort(([a], [b]) => a - b)
    .map(([turn, turnRows]) => {
      const label = turn === WARMUP_TURN ? "warm-up" : `turn ${turn}`;
      const count = `${turnRows.length} request${turnRows.length === 1 ? "" : "s"}`;
      return `${label.padEnd(9)} ${count.padEnd(12)} ${formatLedgerCost(ledgerCost(turnRows))}`;
    });
  const total = ledgerCost(rows);
  const byModel = Object.entries(total.byModel)
    .sort((a, b) => b[1] - a[1])
    .map(([model, usd]) => `${model} ${formatUsd(usd)}`);
  lines.push("", `session   ${formatLedgerCost(total)}`);
  if (byModel.length > 1) lines.push(`by model  ${byModel.join(", ")}`);
  return lines.join("\n");
}
