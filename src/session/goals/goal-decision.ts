import {
  BUDGET_KINDS,
  type BudgetKind,
  type BudgetStop,
  budgetStopText,
  GOAL_STATUS_LABELS,
  type Goal,
  type GoalStatus,
  spentIn,
} from "./goal-state.js";

/**
 * What the next step of a goal is predicted to spend, in each budget's unit (docs/config.md,
 * "Goals"): the next request's forecast (uncached input plus output tokens, its dollars), and
 * for plan points and minutes the goal's own mean per request so far (nothing known: 0).
 */
export type StepCost = Partial<Record<Exclude<BudgetKind, "turns">, number>>;

export interface GoalCheck {
  goal: Pick<Goal, "status" | "budgets" | "spent">;
  next: StepCost;
  /** `turn`: before a new turn of the goal; `request`: before a further request inside one. */
  at: "turn" | "request";
  /** Why the plan can take no more (a window at 100%, a usage-limit refusal); none: it can. */
  usageLimit?: string;
}

export type GoalDecision =
  | { continue: true }
  | { continue: false; status: GoalStatus; reason: string; stop?: BudgetStop };

/**
 * Whether a goal's next step may go (pure): only an active goal continues; a used-up plan
 * stops it as `usage_limited`; a budget whose spent amount plus the step's predicted cost
 * would pass its limit stops it as `budget_limited` — before it is passed, not after. Inside a
 * turn a goal that is no longer active lets the turn end (update_goal, `/goal pause`), and the
 * turn limit is not counted.
 */
export function decideGoalStep(check: GoalCheck): GoalDecision {
  const { goal, next, at } = check;
  if (goal.status !== "active") {
    if (at === "request") return { continue: true };
    return {
      continue: false,
      status: goal.status,
      reason: `the goal is ${GOAL_STATUS_LABELS[goal.status]}`,
    };
  }
  if (check.usageLimit !== undefined) {
    return { continue: false, status: "usage_limited", reason: check.usageLimit };
  }
  for (const budget of BUDGET_KINDS) {
    const limit = goal.budgets[budget];
    if (limit === undefined) continue;
    if (budget === "turns" && at === "request") continue;
    const spent = spentIn(budget, goal.spent);
    const more = budget === "turns" ? 1 : Math.max(0, next[budget] ?? 0);
    if (spent >= limit || spent + more > limit) {
      const stop: BudgetStop = { budget, spent, limit, next: more };
      return { continue: false, status: "budget_limited", reason: budgetStopText(stop), stop };
    }
  }
  return { continue: true };
}
