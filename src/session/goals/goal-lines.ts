import { z } from "zod";
import { lazy } from "../../protocol/index.js";
import {
  BUDGET_KINDS,
  type BudgetKind,
  GOAL_STATUSES,
  type Goal,
  type GoalBudgets,
} from "./goal-state.js";

/**
 * A goal as JSON: the session file's `goal` lines and `exec --json`'s `goal.*` events share this
 * shape (docs/config.md, "Goals"). `state` is the Codex CLI's status name.
 */
interface GoalJson {
  objective: string;
  state: Goal["status"];
  reason?: string;
  budget: GoalBudgets;
  spent: {
    tokens: number;
    usd: number;
    plan_points: number;
    seconds: number;
    turns: number;
    requests: number;
  };
  stopped_by?: { budget: BudgetKind; spent: number; limit: number; next: number };
}

/** One line of the session file: the goal as it now stands, or `null` once cleared. */
interface GoalLine {
  type: "goal";
  goal: GoalJson | null;
}

export function goalJson(goal: Goal): GoalJson {
  const { spent } = goal;
  return {
    objective: goal.objective,
    state: goal.status,
    ...(goal.reason !== undefined ? { reason: goal.reason } : {}),
    budget: { ...goal.budgets },
    spent: {
      tokens: spent.tokens,
      usd: round(spent.usd, 6),
      plan_points: round(spent.planPoints, 1),
      seconds: round(spent.ms / 1000, 1),
      turns: spent.turns,
      requests: spent.requests,
    },
    ...(goal.stop ? { stopped_by: { ...goal.stop, spent: round(goal.stop.spent, 6) } } : {}),
  };
}

export function goalLine(goal: Goal | undefined): GoalLine {
  return { type: "goal", goal: goal ? goalJson(goal) : null };
}

const amount = () => z.number().finite().nonnegative();

/** A goal as `exec --json`'s `goal.*` events and the session file's `goal` lines carry it (GoalJson). */
export const goalJsonSchema = lazy(() =>
  z.object({
    objective: z.string(),
    state: z.enum(GOAL_STATUSES),
    reason: z.string().optional(),
    budget: z.partialRecord(z.enum(BUDGET_KINDS), z.number().finite().positive()),
    spent: z.object({
      tokens: amount(),
      usd: amount(),
      plan_points: amount(),
      seconds: amount(),
      turns: amount(),
      requests: amount(),
    }),
    stopped_by: z
      .object({ budget: z.enum(BUDGET_KINDS), spent: amount(), limit: amount(), next: amount() })
      .optional(),
  }),
);

const goalLineSchema = lazy(() =>
  z.object({ type: z.literal("goal"), goal: goalJsonSchema().nullable() }),
);

/**
 * The goal a session file's line records: `{ goal }` (undefined: cleared) for a `goal` line,
 * undefined for any other line or one that does not read.
 */
export function goalLineOf(value: unknown): { goal: Goal | undefined } | undefined {
  if ((value as { type?: unknown } | null)?.type !== "goal") return undefined;
  const parsed = goalLineSchema().safeParse(value);
  if (!parsed.success) return undefined;
  const json = parsed.data.goal;
  if (!json) return { goal: undefined };
  const { spent } = json;
  const goal: Goal = {
    objective: json.objective,
    status: json.state,
    budgets: json.budget,
    spent: {
      tokens: spent.tokens,
      usd: spent.usd,
      planPoints: spent.plan_points,
      ms: spent.seconds * 1000,
      turns: spent.turns,
      requests: spent.requests,
    },
  };
  if (json.reason !== undefined) goal.reason = json.reason;
  if (json.stopped_by) goal.stop = json.stopped_by;
  return { goal };
}

function round(n: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(n * scale) / scale;
}
