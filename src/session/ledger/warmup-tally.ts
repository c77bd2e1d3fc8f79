import { formatUsd } from "../../models/index.js";
import { groupedNumber } from "../../text/index.js";
import type { CostDisplay } from "./cost-display.js";
import { type LedgerCost, ledgerCost } from "./cost-totals.js";
import { type LedgerRow, WARMUP_TURN } from "./ledger-row.js";

// What the session's warm-ups (the generate:false request before the first turn) were billed:
// a line of its own in /status, the exit summary and `mini-codex ledger` (issue 46), never
// folded silently into a turn.

/** The warm-up requests of a session: how many, their tokens and what they cost. */
export interface WarmupTally {
  requests: number;
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
  cost: LedgerCost;
}

/** The warm-up rows of a ledger, tallied (pure). */
export function warmupTallyOfRows(rows: readonly LedgerRow[]): WarmupTally {
  const warmups = rows.filter((row) => row.turn === WARMUP_TURN);
  const sum = (pick: (row: LedgerRow) => number | undefined) =>
    warmups.reduce((total, row) => total + (pick(row) ?? 0), 0);
  return {
    requests: warmups.length,
    inputTokens: sum((row) => row.usage?.input_tokens),
    cachedTokens: sum((row) => row.usage?.cached_tokens),
    outputTokens: sum((row) => row.usage?.output_tokens),
    cost: ledgerCost(warmups),
  };
}

/**
 * "warm-up: 1 request, input 2,432 (cached 0), $0.0034" — what the warm-ups were billed (a plan
 * user: the tokens, no `$`); undefined when none was sent.
 */
export function warmupLine(
  tally: WarmupTally | undefined,
  display: CostDisplay = "dollars",
): string | undefined {
  if (!tally || tally.requests === 0) return undefined;
  const count = groupedNumber;
  const requests = `${tally.requests} request${tally.requests === 1 ? "" : "s"}`;
  const tokens = `input ${count(tally.inputTokens)} (cached ${count(tally.cachedTokens)})`;
  const { cost } = tally;
  const price =
    Object.keys(cost.byModel).length > 0
      ? `, ${formatUsd(cost.usd)}`
      : cost.unpriced.length > 0
        ? `, no price for ${cost.unpriced.join(", ")}`
        : "";
  return `${requests}, ${tokens}${display === "plan" ? "" : price}`;
}
