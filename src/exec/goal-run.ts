import type { ExecFlags } from "../launch/index.js";
import {
  BUDGET_OPTIONS,
  EXIT_FAILED,
  EXIT_GOAL_BLOCKED,
  EXIT_GOAL_BUDGET,
  EXIT_GOAL_USAGE_LIMIT,
  EXIT_OK,
  parseBudgetValue,
  UsageError,
} from "../launch/index.js";
import type { AgentSession, BudgetChanges, Goal, TurnResult } from "../session/index.js";

/** `exec --goal TEXT` with its budget flags: the objective and the budgets it changes. */
export interface ExecGoal {
  objective: string;
  budgets: BudgetChanges;
}

const FLAG_OF: Readonly<Record<string, keyof ExecFlags>> = {
  tokens: "goalTokens",
  usd: "goalUsd",
  plan: "goalPlan",
  minutes: "goalMinutes",
  turns: "goalTurns",
};

/**
 * The goal the flags ask for (undefined: none). A PROMPT, `-i` images or `exec review` beside
 * `--goal`, an empty objective, a budget flag without `--goal` or a value that does not read
 * are usage errors (exit 2), before anything starts.
 */
export function execGoalOf(
  flags: ExecFlags,
  given: { prompt?: string; review: boolean },
): ExecGoal | undefined {
  const budgets: BudgetChanges = {};
  for (const [option, kind] of Object.entries(BUDGET_OPTIONS)) {
    const value = flags[FLAG_OF[option] as keyof ExecFlags];
    if (typeof value !== "string") continue;
    if (flags.goal === undefined) throw new UsageError(`--goal-${option} needs --goal TEXT`);
    const parsed = parseBudgetValue(kind, value);
    if (parsed instanceof Error) throw new UsageError(`--goal-${option}: ${parsed.message}`);
    budgets[kind] = parsed;
  }
  if (flags.goal === undefined) return undefined;
  const objective = flags.goal.trim();
  if (objective === "") throw new UsageError("--goal needs the goal's text");
  if (given.prompt !== undefined)
    throw new UsageError("--goal TEXT is the prompt: give no PROMPT beside it");
  if (given.review) throw new UsageError("exec review takes no --goal");
  if ((flags.image ?? []).length > 0) throw new UsageError("--goal takes no -i/--image");
  return { objective, budgets };
}

/** How a goal run ended: its last turn's result (none ran: undefined), the goal then. */
export interface GoalRunEnd {
  result: TurnResult | undefined;
  goal: Goal | undefined;
  /** The last answer its turns gave (a turn a budget stopped gives none). */
  lastAnswer?: string;
}

/** Set the goal and run its turns until it is met, paused or stopped (docs/config.md, "Goals"). */
export async function runGoal(session: AgentSession, goal: ExecGoal): Promise<GoalRunEnd> {
  const goals = session.goal;
  if (!goals) throw new UsageError("this session cannot hold a goal");
  goals.set(goal.objective, goal.budgets);
  let result: TurnResult | undefined;
  let lastAnswer: string | undefined;
  for (;;) {
    const next = await goals.next();
    if (next === undefined) break;
    result = next;
    lastAnswer = next.lastMessage ?? lastAnswer;
  }
  return {
    result,
    goal: goals.current(),
    ...(lastAnswer !== undefined ? { lastAnswer } : {}),
  };
}

/**
 * The exit code of a goal run (docs/config.md, "Exit codes"): 0 met, 3 a budget, 4 blocked,
 * 5 the usage limit; paused (a failed turn) is 1. An interrupt is the caller's 130/143.
 */
export function goalExitCode(goal: Goal | undefined): number {
  switch (goal?.status) {
    case "complete":
      return EXIT_OK;
    case "budget_limited":
      return EXIT_GOAL_BUDGET;
    case "blocked":
      return EXIT_GOAL_BLOCKED;
    case "usage_limited":
      return EXIT_GOAL_USAGE_LIMIT;
    default:
      return EXIT_FAILED;
  }
}
