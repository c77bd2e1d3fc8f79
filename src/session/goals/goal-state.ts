import { formatUsd } from "../../models/index.js";
import { elapsedLabel, groupedNumber } from "../../text/index.js";

/**
 * A goal of a session (docs/config.md, "Goals"): its objective, where it stands, its budgets and
 * what its turns spent. The states are the Codex CLI's: `active` (turns continue), `paused`
 * (the person paused or interrupted it, or a turn failed), `blocked` and `complete` (the model
 * said so with update_goal), `budget_limited` (a budget would have been passed),
 * `usage_limited` (the plan's usage limit was reached).
 */
export const GOAL_STATUSES = [
  "active",
  "paused",
  "blocked",
  "complete",
  "budget_limited",
  "usage_limited",
] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** What the TUI and exec's text call each state. */
export const GOAL_STATUS_LABELS: Readonly<Record<GoalStatus, string>> = {
  active: "active",
  paused: "paused",
  blocked: "blocked",
  complete: "met",
  budget_limited: "budget reached",
  usage_limited: "usage limit",
};

/** Whether no turn follows without the person (`/goal resume` takes a goal back up). */
export function isStopped(status: GoalStatus): boolean {
  return status !== "active";
}

/**
 * The budgets, named as `[goals]` names them less the prefix: tokens (uncached input plus
 * output, as the Codex CLI counts a goal's tokens), US dollars, points of the ChatGPT plan's
 * 5-hour window, minutes of the goal's own turns, and turns.
 */
export const BUDGET_KINDS = ["tokens", "usd", "plan_percent", "minutes", "turns"] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];
export type GoalBudgets = Partial<Record<BudgetKind, number>>;

/** Budgets to change: a number sets one, `null` removes it (a `[goals]` default included). */
export type BudgetChanges = Partial<Record<BudgetKind, number | null>>;

/** `base` with `changes` made (pure). */
export function withBudgets(base: GoalBudgets, changes: BudgetChanges = {}): GoalBudgets {
  const budgets: GoalBudgets = { ...base };
  for (const kind of BUDGET_KINDS) {
    const change = changes[kind];
    if (change === null) delete budgets[kind];
    else if (change !== undefined) budgets[kind] = change;
  }
  return budgets;
}

/** What a goal's turns spent, each subagent's requests during them included. */
export interface GoalSpend {
  tokens: number;
  usd: number;
  /** Points of the plan's 5-hour window (ChatGPT sign-in; 0 elsewhere). */
  planPoints: number;
  /** Time inside the goal's turns (paused time and the person's own turns are not counted). */
  ms: number;
  turns: number;
  requests: number;
}

export const NO_SPEND: Readonly<GoalSpend> = {
  tokens: 0,
  usd: 0,
  planPoints: 0,
  ms: 0,
  turns: 0,
  requests: 0,
};

export function addSpend(a: GoalSpend, b: GoalSpend): GoalSpend {
  return {
    tokens: a.tokens + b.tokens,
    usd: a.usd + b.usd,
    planPoints: a.planPoints + b.planPoints,
    ms: a.ms + b.ms,
    turns: a.turns + b.turns,
    requests: a.requests + b.requests,
  };
}

/** What `spent` holds of one budget, in that budget's unit. */
export function spentIn(kind: BudgetKind, spent: GoalSpend): number {
  switch (kind) {
    case "tokens":
      return spent.tokens;
    case "usd":
      return spent.usd;
    case "plan_percent":
      return spent.planPoints;
    case "minutes":
      return spent.ms / 60_000;
    case "turns":
      return spent.turns;
  }
}

/** The budget a goal stopped at: what was spent, its limit, and what the next step needed. */
export interface BudgetStop {
  budget: BudgetKind;
  spent: number;
  limit: number;
  next: number;
}

/** A session's goal as the session keeps it, saves it and shows it. */
export interface Goal {
  objective: string;
  status: GoalStatus;
  /** Why it is not active (or the model's one-line reason for `complete`). */
  reason?: string;
  budgets: GoalBudgets;
  spent: GoalSpend;
  /** The budget that stopped it (`budget_limited`). */
  stop?: BudgetStop;
}

/** `9,812 tokens`, `$0.48`, `4.8 points`, `9.5 min`, `3 turns`: an amount in a budget's unit. */
export function budgetAmount(kind: BudgetKind, amount: number): string {
  switch (kind) {
    case "tokens":
      return `${groupedNumber(Math.round(amount))} tokens`;
    case "usd":
      return formatUsd(amount);
    case "plan_percent":
      return `${round1(amount)} points`;
    case "minutes":
      return `${round1(amount)} min`;
    case "turns":
      return `${amount} turn${amount === 1 ? "" : "s"}`;
  }
}

/** The budget's name for people. */
export const BUDGET_NAMES: Readonly<Record<BudgetKind, string>> = {
  tokens: "token budget",
  usd: "dollar budget",
  plan_percent: "plan budget",
  minutes: "time budget",
  turns: "turn limit",
};

/** `token budget: 9,812 of 10,000 tokens spent, the next request needs ~2,100 more`. */
export function budgetStopText(stop: BudgetStop): string {
  const { budget, spent, limit, next } = stop;
  const head = `${BUDGET_NAMES[budget]}: ${budgetAmount(budget, spent)} of ${budgetAmount(budget, limit)} spent`;
  if (budget === "turns" || next <= 0) return head;
  return `${head}, the next request needs ~${budgetAmount(budget, next)} more`;
}

/** `1,234 tokens · $0.01 · 2 turns · 1m05s`: what a goal spent, for a line or a tool output. */
export function spendText(
  spent: GoalSpend,
  options: { usd?: boolean; turns?: boolean } = {},
): string {
  const parts = [`${groupedNumber(spent.tokens)} tokens`];
  if (options.usd !== false && spent.usd > 0) parts.push(formatUsd(spent.usd));
  if (spent.planPoints > 0) parts.push(`${round1(spent.planPoints)} plan points`);
  if (options.turns !== false) parts.push(`${spent.turns} turn${spent.turns === 1 ? "" : "s"}`);
  parts.push(elapsedLabel(spent.ms));
  return parts.join(" · ");
}

/** The goal's budgets as `10,000 tokens · $0.50 · 5 turns` (empty: none). */
export function budgetsText(budgets: GoalBudgets): string {
  return BUDGET_KINDS.flatMap((kind) => {
    const limit = budgets[kind];
    return limit === undefined ? [] : [budgetAmount(kind, limit)];
  }).join(" · ");
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
