import type { GoalChange } from "./goal-change.js";
import { budgetsText, GOAL_STATUS_LABELS, type Goal, isStopped, spendText } from "./goal-state.js";

/**
 * A goal in words, as the TUI's transcript and `exec`'s stderr say it (docs/config.md,
 * "Goals"). `usd: false` leaves dollars out (a ChatGPT plan is not billed per token).
 */
interface GoalWords {
  usd?: boolean;
}

/** `goal met: goal.txt counts to 3 · spent 1,234 tokens · 3 turns · 4s`. */
export function goalStateLine(goal: Goal, words: GoalWords = {}): string {
  const reason = goal.reason ? `: ${goal.reason}` : "";
  return `goal ${GOAL_STATUS_LABELS[goal.status]}${reason} · spent ${spendText(goal.spent, words)}`;
}

/** The line a change of the goal shows, or undefined when it shows none. */
export function goalChangeText(
  change: GoalChange,
  goal: Goal,
  words: GoalWords = {},
): string | undefined {
  switch (change) {
    case "set": {
      const budget = budgetsText(goal.budgets);
      return `goal set: ${goal.objective} (${budget ? `budget: ${budget}` : "no budget"})`;
    }
    case "turn":
      // before the turn: what the turns before it spent
      return goal.spent.turns > 1
        ? `goal turn ${goal.spent.turns} · spent so far ${spendText(goal.spent, { ...words, turns: false })}`
        : undefined;
    case "resumed":
      return `goal resumed: ${goal.objective}`;
    case "paused":
      return `${goalStateLine(goal, words)} — /goal resume continues it`;
    case "reported":
    case "stopped":
      return goalStateLine(goal, words);
    case "spent":
    case "cleared":
      return undefined;
  }
}

/** What `/goal` shows: the objective, its state, turns, and spend against each budget. */
export function goalSummaryLines(goal: Goal, words: GoalWords = {}): string[] {
  const budget = budgetsText(goal.budgets);
  const lines = [
    `objective: ${goal.objective}`,
    `state: ${GOAL_STATUS_LABELS[goal.status]}${goal.reason ? ` (${goal.reason})` : ""}`,
    `spent: ${spendText(goal.spent, words)}`,
    `budget: ${budget || "none"}`,
  ];
  if (isStopped(goal.status) && goal.status !== "complete") {
    lines.push("/goal resume continues it (budget options change it first); /goal clear ends it");
  } else if (goal.status === "active") {
    lines.push("/goal pause stops it after this turn; Esc stops the turn and pauses it");
  }
  return lines;
}
