import { formatUsd } from "../../models/index.js";
import type { CostDisplay } from "../../session/index.js";
import {
  BUDGET_KINDS,
  type BudgetKind,
  GOAL_STATUS_LABELS,
  type Goal,
  spentIn,
} from "../../session/index.js";
import { compactNumber } from "./request-labels.js";

/** `9.8k/10k tok`, `$0.12/$0.50`, `4.5/5 pts`, `3.2/10 min`, `3/5 turns`; no limit: spent only. */
function amount(kind: BudgetKind, spent: number, limit?: number): string {
  const of = (f: (n: number) => string) =>
    limit === undefined ? f(spent) : `${f(spent)}/${f(limit)}`;
  switch (kind) {
    case "tokens":
      return `${of(compactNumber)} tok`;
    case "usd":
      return of(formatUsd);
    case "plan_percent":
      return `${of((n) => String(Math.round(n * 10) / 10))} pts`;
    case "minutes":
      return `${of((n) => String(Math.round(n * 10) / 10))} min`;
    case "turns":
      return `${of(String)} turns`;
  }
}

/** The spend the status bar shows: against the first budget set, else the tokens spent. */
function spendLabel(goal: Goal, display: CostDisplay | undefined): string {
  const kind = BUDGET_KINDS.find(
    (k) => goal.budgets[k] !== undefined && !(k === "usd" && display === "plan"),
  );
  if (!kind) return amount("tokens", goal.spent.tokens);
  return amount(kind, spentIn(kind, goal.spent), goal.budgets[kind]);
}

/**
 * The status bar's `goal` item, longest first: `goal turn 3 · 9.8k/10k tok`, `goal paused ·
 * …`, `goal met · 3 turns`, `goal budget reached · …` (docs/config.md, "Goals"); none: no goal.
 */
export function goalStatusTexts(goal: Goal | undefined, display?: CostDisplay): string[] {
  if (!goal) return [];
  const spend = spendLabel(goal, display);
  if (goal.status === "active") {
    const turn = Math.max(1, goal.spent.turns);
    return [`goal turn ${turn} · ${spend}`, `goal ${turn} · ${spend}`, `goal ${turn}`];
  }
  const label = `goal ${GOAL_STATUS_LABELS[goal.status]}`;
  if (goal.status === "complete") {
    const turns = `${goal.spent.turns} turn${goal.spent.turns === 1 ? "" : "s"}`;
    return [`${label} · ${turns} · ${spend}`, `${label} · ${turns}`, label];
  }
  return [`${label} · ${spend}`, label];
}

/** Its colour: cyan while it works, green met, yellow paused or blocked, red out of budget. */
export function goalStatusColor(
  goal: Goal | undefined,
): "cyan" | "green" | "yellow" | "red" | undefined {
  switch (goal?.status) {
    case undefined:
      return undefined;
    case "active":
      return "cyan";
    case "complete":
      return "green";
    case "paused":
    case "blocked":
      return "yellow";
    case "budget_limited":
    case "usage_limited":
      return "red";
  }
}
