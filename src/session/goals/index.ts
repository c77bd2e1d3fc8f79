/**
 * A goal (`/goal`, `exec --goal`): its state and budgets, the pure decision whether another turn
 * may start, the continuation prompt, its lines in the session file and its text for people.
 */
export type { GoalChange } from "./goal-change.js";
export type { GoalDecision, StepCost } from "./goal-decision.js";
export { decideGoalStep } from "./goal-decision.js";
export { goalJson, goalJsonSchema, goalLine, goalLineOf } from "./goal-lines.js";
export { goalTurnMessage } from "./goal-prompt.js";
export type { BudgetChanges, BudgetKind, Goal, GoalBudgets, GoalSpend } from "./goal-state.js";
export {
  addSpend,
  BUDGET_KINDS,
  BUDGET_NAMES,
  budgetsText,
  GOAL_STATUS_LABELS,
  NO_SPEND,
  spendText,
  spentIn,
  withBudgets,
} from "./goal-state.js";
export { goalChangeText, goalStateLine, goalSummaryLines } from "./goal-text.js";
