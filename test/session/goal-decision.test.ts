import { describe, expect, it } from "vitest";
import { decideGoalStep, type GoalCheck } from "../../src/session/goals/goal-decision.js";
import { goalLine, goalLineOf } from "../../src/session/goals/goal-lines.js";
import { type Goal, type GoalSpend, NO_SPEND } from "../../src/session/goals/goal-state.js";

const spent = (more: Partial<GoalSpend>): GoalSpend => ({ ...NO_SPEND, ...more });

function check(goal: Partial<GoalCheck["goal"]>, more: Partial<GoalCheck> = {}): GoalCheck {
  return {
    goal: { status: "active", budgets: {}, spent: spent({}), ...goal },
    next: {},
    at: "turn",
    ...more,
  };
}

describe("decideGoalStep: continue, or stop before a budget would be passed (docs/config.md, Goals)", () => {
  it("an active goal without budgets continues, whatever it spent", () => {
    expect(decideGoalStep(check({ spent: spent({ tokens: 1e9, turns: 500 }) }))).toEqual({
      continue: true,
    });
  });

  it("stops when spent plus the next request's forecast would pass the token budget, not after", () => {
    const goal = { budgets: { tokens: 10_000 }, spent: spent({ tokens: 9_000 }) };
    expect(decideGoalStep(check(goal, { next: { tokens: 1_000 } }))).toEqual({ continue: true });
    expect(decideGoalStep(check(goal, { next: { tokens: 1_001 } }))).toEqual({
      continue: false,
      status: "budget_limited",
      reason:
        "token budget: 9,000 tokens of 10,000 tokens spent, the next request needs ~1,001 tokens more",
      stop: { budget: "tokens", spent: 9_000, limit: 10_000, next: 1_001 },
    });
  });

  it("a budget already reached stops even a step predicted to cost nothing", () => {
    const goal = { budgets: { usd: 0.5 }, spent: spent({ usd: 0.5 }) };
    const decided = decideGoalStep(check(goal, { next: { usd: 0 } }));
    expect(decided).toMatchObject({ continue: false, status: "budget_limited" });
    expect(decided).toMatchObject({ stop: { budget: "usd", spent: 0.5, limit: 0.5, next: 0 } });
  });

  it("dollars, plan points and minutes are each checked against their own forecast", () => {
    const usd = { budgets: { usd: 1 }, spent: spent({ usd: 0.9 }) };
    expect(decideGoalStep(check(usd, { next: { usd: 0.2 } }))).toMatchObject({
      reason: "dollar budget: $0.90 of $1.00 spent, the next request needs ~$0.20 more",
    });
    const plan = { budgets: { plan_percent: 5 }, spent: spent({ planPoints: 4.5 }) };
    expect(decideGoalStep(check(plan, { next: { plan_percent: 0.4 } }))).toEqual({
      continue: true,
    });
    expect(decideGoalStep(check(plan, { next: { plan_percent: 0.6 } }))).toMatchObject({
      stop: { budget: "plan_percent", limit: 5 },
    });
    const time = { budgets: { minutes: 10 }, spent: spent({ ms: 9.5 * 60_000 }) };
    expect(decideGoalStep(check(time, { next: { minutes: 1 } }))).toMatchObject({
      reason: "time budget: 9.5 min of 10 min spent, the next request needs ~1 min more",
    });
  });

  it("the turn limit is counted before a new turn, never inside one", () => {
    const goal = { budgets: { turns: 3 }, spent: spent({ turns: 3 }) };
    expect(decideGoalStep(check(goal, { at: "turn" }))).toEqual({
      continue: false,
      status: "budget_limited",
      reason: "turn limit: 3 turns of 3 turns spent",
      stop: { budget: "turns", spent: 3, limit: 3, next: 1 },
    });
    expect(decideGoalStep(check(goal, { at: "request" }))).toEqual({ continue: true });
    const fewer = { budgets: { turns: 3 }, spent: spent({ turns: 2 }) };
    expect(decideGoalStep(check(fewer))).toEqual({ continue: true });
  });

  it("a used-up plan stops it as usage_limited, ahead of any budget", () => {
    const goal = { budgets: { tokens: 10 }, spent: spent({ tokens: 100 }) };
    const limit = "usage limit reached: the plan's 5h window is used up";
    expect(decideGoalStep(check(goal, { usageLimit: limit }))).toEqual({
      continue: false,
      status: "usage_limited",
      reason: limit,
    });
  });

  it("a goal no longer active gets no new turn, but the turn it is in ends as it would", () => {
    for (const status of ["paused", "complete", "blocked", "budget_limited"] as const) {
      expect(decideGoalStep(check({ status }, { at: "turn" }))).toMatchObject({
        continue: false,
        status,
      });
      const spentAll = { status, budgets: { tokens: 1 }, spent: spent({ tokens: 5 }) };
      expect(decideGoalStep(check(spentAll, { at: "request" }))).toEqual({ continue: true });
    }
  });

  it("the first budget passed, in the order tokens, usd, plan, minutes, turns, is the one named", () => {
    const goal = {
      budgets: { usd: 1, tokens: 100, turns: 1 },
      spent: spent({ usd: 2, tokens: 200, turns: 1 }),
    };
    expect(decideGoalStep(check(goal))).toMatchObject({ stop: { budget: "tokens" } });
  });
});

describe("goal lines of the session file", () => {
  it("read back as written; a cleared goal reads as none; another line is not a goal line", () => {
    const goal: Goal = {
      objective: "count to 3 in goal.txt",
      status: "budget_limited",
      reason: "token budget: …",
      budgets: { tokens: 3000, turns: 9 },
      spent: { tokens: 2900, usd: 0.01, planPoints: 0.3, ms: 4200, turns: 2, requests: 4 },
      stop: { budget: "tokens", spent: 2900, limit: 3000, next: 350 },
    };
    const line = JSON.parse(JSON.stringify(goalLine(goal)));
    expect(goalLineOf(line)).toEqual({ goal });
    expect(goalLineOf(JSON.parse(JSON.stringify(goalLine(undefined))))).toEqual({
      goal: undefined,
    });
    expect(goalLineOf({ type: "settings", model: "m" })).toBeUndefined();
    expect(goalLineOf({ type: "goal", goal: { objective: 3 } })).toBeUndefined();
  });
});
