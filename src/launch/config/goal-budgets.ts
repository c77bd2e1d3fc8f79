import type { BudgetChanges, BudgetKind, GoalBudgets } from "../../session/index.js";
import type { Settings } from "../../settings/index.js";

/**
 * Goal budgets as people write them (docs/config.md, "Goals"): `[goals]`'s defaults, the
 * TUI's `/goal --tokens 50k …` and exec's `--goal-tokens 50k`, one syntax for both.
 */

/** `[goals]`'s budgets, the default of every goal (none set: no budget). */
export function goalDefaultsOf(config: Pick<Settings, "goals">): GoalBudgets {
  const { goals } = config;
  const budgets: GoalBudgets = {};
  if (goals.budgetTokens !== undefined) budgets.tokens = goals.budgetTokens;
  if (goals.budgetUsd !== undefined) budgets.usd = goals.budgetUsd;
  if (goals.budgetPlanPercent !== undefined) budgets.plan_percent = goals.budgetPlanPercent;
  if (goals.maxMinutes !== undefined) budgets.minutes = goals.maxMinutes;
  if (goals.maxTurns !== undefined) budgets.turns = goals.maxTurns;
  return budgets;
}

/** The option names (`--tokens`, and exec's `--goal-tokens`) and the budget each sets. */
export const BUDGET_OPTIONS: Readonly<Record<string, BudgetKind>> = {
  tokens: "tokens",
  usd: "usd",
  plan: "plan_percent",
  minutes: "minutes",
  turns: "turns",
};

const WHAT: Readonly<Record<BudgetKind, string>> = {
  tokens: "a token count such as 50000, 50k or 1.5m",
  usd: "dollars such as 2 or $0.50",
  plan_percent: "points of the 5-hour window such as 5 or 5%",
  minutes: "minutes such as 30, 90m or 1h30m",
  turns: "a whole number of turns",
};

/**
 * One budget's value: a number in its unit, `null` for `none` (no such budget for this goal),
 * or an Error that says what was expected.
 */
export function parseBudgetValue(kind: BudgetKind, text: string): number | null | Error {
  const raw = text.trim().toLowerCase().replaceAll(",", "").replaceAll("_", "");
  if (raw === "none" || raw === "off") return null;
  const value = amountIn(kind, raw);
  const whole = kind === "tokens" || kind === "turns";
  if (value === undefined || !(value > 0) || (whole && !Number.isInteger(value))) {
    return new Error(`"${text}" is not a ${kind} budget: give ${WHAT[kind]}, or none`);
  }
  if (kind === "plan_percent" && value > 100) {
    return new Error(`"${text}" is not a plan budget: at most 100 points (the whole window)`);
  }
  return value;
}

function amountIn(kind: BudgetKind, raw: string): number | undefined {
  const number = (s: string) => (/^\d+(\.\d+)?$/.test(s) ? Number(s) : undefined);
  switch (kind) {
    case "tokens": {
      const match = /^(\d+(?:\.\d+)?)([km]?)$/.exec(raw);
      if (!match) return undefined;
      const scale = match[2] === "k" ? 1_000 : match[2] === "m" ? 1_000_000 : 1;
      return Math.round(Number(match[1]) * scale);
    }
    case "usd":
      return number(raw.startsWith("$") ? raw.slice(1) : raw);
    case "plan_percent":
      return number(raw.endsWith("%") ? raw.slice(0, -1) : raw);
    case "minutes": {
      const match = /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m?)?$/.exec(raw);
      if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
      return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
    }
    case "turns":
      return number(raw);
  }
}

/** `/goal`'s words: `--tokens 50k --turns 10 count to 3` → the budgets and the objective. */
export interface GoalArguments {
  budgets: BudgetChanges;
  objective: string;
}

/**
 * The budget options at the start of `text` (`--NAME VALUE` or `--NAME=VALUE`), then the
 * objective (the rest, as typed). An Error says which option or value is wrong.
 */
export function parseGoalArguments(text: string): GoalArguments | Error {
  const budgets: BudgetChanges = {};
  let rest = text.trim();
  for (;;) {
    const match = /^--([a-z-]+)(?:=(\S+)|\s+(\S+))?(?:\s+|$)/.exec(rest);
    if (!match) break;
    const name = match[1] as string;
    const kind = BUDGET_OPTIONS[name];
    if (!kind) {
      const known = Object.keys(BUDGET_OPTIONS).map((o) => `--${o}`);
      return new Error(`unknown option --${name} (the budgets: ${known.join(", ")})`);
    }
    const value = match[2] ?? match[3];
    if (value === undefined) return new Error(`--${name} needs a value (${WHAT[kind]}, or none)`);
    const parsed = parseBudgetValue(kind, value);
    if (parsed instanceof Error) return parsed;
    budgets[kind] = parsed;
    rest = rest.slice(match[0].length);
  }
  return { budgets, objective: rest.trim() };
}
