import { formatUsd } from "../../models/index.js";
import { groupedNumber } from "../../text/index.js";
import { costDisplayOfRows } from "./cost-display.js";
import { formatLedgerCost, ledgerCost } from "./cost-totals.js";
import { type LedgerRow, WARMUP_TURN } from "./ledger-row.js";

/**
 * `mini-codex ledger --cost`: one line per turn (its requests, cost and what misses added), then
 * the session's total per model. Warm-ups are counted under "warm-up". A ChatGPT plan's
 * session (`costDisplayOfRows`): each turn's tokens, what the plan counts, and no `$`.
 */
export function formatCostByTurn(rows: readonly LedgerRow[]): string {
  const display = costDisplayOfRows(rows);
  const turns = new Map<number, LedgerRow[]>();
  for (const row of rows) turns.set(row.turn, [...(turns.get(row.turn) ?? []), row]);
  const lines = [...turns.entries()]
    .sort(([a], [b]) => a - b)
    .map(([turn, turnRows]) => {
      const label = turn === WARMUP_TURN ? "warm-up" : `turn ${turn}`;
      const count = `${turnRows.length} request${turnRows.length === 1 ? "" : "s"}`;
      const cost =
        display === "plan" ? turnTokens(turnRows) : formatLedgerCost(ledgerCost(turnRows));
      return `${label.padEnd(9)} ${count.padEnd(12)} ${cost}`;
    });
  const total = ledgerCost(rows);
  const byModel = Object.entries(total.byModel)
    .sort((a, b) => b[1] - a[1])
    .map(([model, usd]) => `${model} ${formatUsd(usd)}`);
  lines.push("", `session   ${formatLedgerCost(total, display)}`);
  if (display === "plan") return lines.join("\n");
  if (byModel.length > 1) lines.push(`by model  ${byModel.join(", ")}`);
  return lines.join("\n");
}

/** A plan user's turn: "input 9 812 (cached 9 344), output 240" (the tokens the plan counts). */
function turnTokens(rows: readonly LedgerRow[]): string {
  const sum = (pick: (row: LedgerRow) => number | undefined) =>
    rows.reduce((total, row) => total + (pick(row) ?? 0), 0);
  const input = sum((row) => row.usage?.input_tokens);
  const cached = sum((row) => row.usage?.cached_tokens);
  const output = sum((row) => row.usage?.output_tokens);
  const count = groupedNumber;
  return `input ${count(input)} (cached ${count(cached)}), output ${count(output)}`;
}
