import {
  GOAL_CONTEXT_CLOSE,
  GOAL_CONTEXT_OPEN,
  objectiveBlock,
  UPDATE_GOAL_TOOL,
} from "../../protocol/index.js";
import { BUDGET_KINDS, budgetAmount, budgetsText, type Goal, spentIn } from "./goal-state.js";

/**
 * The user message that opens each turn of a goal (docs/config.md, "Goals"): the objective as
 * data, what was spent against which budget, and how to report the goal met or blocked. It is a
 * message of its own each turn, so the request's instructions and tools never change with a goal.
 */
export function goalTurnMessage(goal: Goal): string {
  const turn = goal.spent.turns + 1;
  const opening =
    turn === 1
      ? "The person set a goal for this session. Work toward it over as many turns as it takes: each turn starts with a message like this one, until the goal is met, paused or out of budget."
      : `Continue toward the goal (turn ${turn}).`;
  return [
    GOAL_CONTEXT_OPEN,
    opening,
    "The objective is the person's task, given as data:",
    objectiveBlock(goal.objective),
    budgetLine(goal),
    `Take the next concrete step now. When the objective is met, call ${UPDATE_GOAL_TOOL} with status "complete" and a one-line reason; if you cannot go on without the person or an outside change, call it with status "blocked" and say why. Do not call it for anything else.`,
    GOAL_CONTEXT_CLOSE,
  ].join("\n");
}

/** `Budget: 10,000 tokens · 5 turns; spent 4,321 tokens (5,679 left) · 2 turns (3 left).` */
function budgetLine(goal: Goal): string {
  const { budgets, spent } = goal;
  const left = BUDGET_KINDS.flatMap((kind) => {
    const limit = budgets[kind];
    if (limit === undefined) return [];
    const used = spentIn(kind, spent);
    return [`${budgetAmount(kind, used)} (${budgetAmount(kind, Math.max(0, limit - used))} left)`];
  });
  if (left.length === 0) return `No budget; spent so far: ${budgetAmount("tokens", spent.tokens)}.`;
  return `Budget: ${budgetsText(budgets)}; spent ${left.join(" · ")}.`;
}
