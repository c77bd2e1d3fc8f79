import { describe, expect, it } from "vitest";
import { parseBudgetValue, parseGoalArguments } from "../../src/launch/config/goal-budgets.js";

describe("goal budgets as written (/goal --tokens 50k …, exec --goal-tokens 50k)", () => {
  it("reads each budget's forms, and none", () => {
    expect(parseBudgetValue("tokens", "50k")).toBe(50_000);
    expect(parseBudgetValue("tokens", "1.5m")).toBe(1_500_000);
    expect(parseBudgetValue("tokens", "12,000")).toBe(12_000);
    expect(parseBudgetValue("usd", "$0.50")).toBe(0.5);
    expect(parseBudgetValue("plan_percent", "5%")).toBe(5);
    expect(parseBudgetValue("minutes", "1h30m")).toBe(90);
    expect(parseBudgetValue("minutes", "45")).toBe(45);
    expect(parseBudgetValue("turns", "10")).toBe(10);
    expect(parseBudgetValue("tokens", "none")).toBeNull();
  });

  it("says what it expected of a value that does not read", () => {
    expect(String(parseBudgetValue("tokens", "lots"))).toBe(
      'Error: "lots" is not a tokens budget: give a token count such as 50000, 50k or 1.5m, or none',
    );
    expect(parseBudgetValue("turns", "2.5")).toBeInstanceOf(Error);
    expect(parseBudgetValue("usd", "0")).toBeInstanceOf(Error);
    expect(String(parseBudgetValue("plan_percent", "150"))).toContain("at most 100 points");
  });

  it("takes the options before the objective, in either form; an unknown option is named", () => {
    expect(parseGoalArguments("--tokens=50k --turns 3 count to 3 in goal.txt")).toEqual({
      budgets: { tokens: 50_000, turns: 3 },
      objective: "count to 3 in goal.txt",
    });
    expect(parseGoalArguments("--usd none fix --all the tests")).toEqual({
      budgets: { usd: null },
      objective: "fix --all the tests",
    });
    expect(String(parseGoalArguments("--dollars 2 x"))).toBe(
      "Error: unknown option --dollars (the budgets: --tokens, --usd, --plan, --minutes, --turns)",
    );
    expect(String(parseGoalArguments("--tokens"))).toContain("--tokens needs a value");
  });
});
