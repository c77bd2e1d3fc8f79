import { describe, expect, it } from "vitest";
import type { SessionStatus, TurnResult } from "../../src/session/api.js";
import { RequestTotals } from "../../src/session/event-hub.js";
import type { SessionEvent } from "../../src/session/events.js";
import type { Goal } from "../../src/session/goals/goal-state.js";
import { type GoalHost, SessionGoal } from "../../src/turn/session-goal.js";

type Totals = SessionStatus["totals"];

/** A session as the goal sees it: totals a turn adds to, and the turn's result. */
function host(turn: (totals: Totals, goal: SessionGoal) => TurnResult) {
  const totals: Totals = new RequestTotals().snapshot();
  const events: SessionEvent[] = [];
  const recorded: (Goal | undefined)[] = [];
  const calls = new Set<string>(["own-call"]);
  let clock = 0;
  let goal: SessionGoal | undefined;
  const parts: GoalHost = {
    defaults: { tokens: 10_000 },
    totals: () => ({ ...totals, cost: { ...totals.cost } }),
    plan: () => undefined,
    forecast: () => ({ inputTokens: 1000, cachedTokens: 800, outputTokens: 100, usd: 0.001 }),
    send: async () => {
      clock += 2000;
      return turn(totals, goal as SessionGoal);
    },
    busy: () => false,
    settled: async () => {},
    ownsCall: (callId) => calls.has(callId),
    record: (g) => recorded.push(g),
    emit: (event) => events.push(event),
    now: () => clock,
  };
  return {
    parts,
    events,
    recorded,
    make(restored?: Goal) {
      goal = new SessionGoal(parts, restored);
      return goal;
    },
  };
}

const billed = (totals: Totals, input: number, cached: number, output: number) => {
  totals.requests += 1;
  totals.inputTokens += input;
  totals.cachedTokens += cached;
  totals.outputTokens += output;
};

describe("SessionGoal: a goal's turns, their spend and how it stops", () => {
  it("counts a turn's uncached input and output, not a warm-up that finished during it", async () => {
    const h = host((totals, goal) => {
      billed(totals, 3000, 0, 0); // the warm-up: the connection's, not the goal's
      goal.requestFinished({ warmup: true, usage: usage(3000, 0, 0) });
      billed(totals, 3100, 2900, 120);
      goal.requestFinished({ warmup: false, usage: usage(3100, 2900, 120) });
      return { ok: true, aborted: false, lastMessage: "step" };
    });
    const goals = h.make();
    goals.set("count", { turns: 1 });
    expect(await goals.next()).toMatchObject({ ok: true });
    expect(goals.current()?.spent).toMatchObject({ tokens: 320, turns: 1, requests: 1, ms: 2000 });
    // the turn limit is checked before the next turn: none runs
    expect(await goals.next()).toBeUndefined();
    expect(goals.current()).toMatchObject({
      status: "budget_limited",
      stop: { budget: "turns", spent: 1, limit: 1 },
    });
    expect(h.recorded.at(-1)?.status).toBe("budget_limited");
  });

  it("a turn refused for the usage limit stops it as usage_limited; any other failure pauses it", async () => {
    const limited = host(() => ({
      ok: false,
      aborted: false,
      error: "usage limit reached: the usage limit of your plus plan is used up",
    })).make();
    limited.set("count");
    await limited.next();
    expect(limited.current()).toMatchObject({ status: "usage_limited" });

    const failing = host(() => ({ ok: false, aborted: false, error: "socket closed" })).make();
    failing.set("count");
    await failing.next();
    expect(failing.current()).toMatchObject({
      status: "paused",
      reason: "its last turn failed: socket closed",
    });
  });

  it("Esc during its turn pauses it; update_goal from a call not the session's changes nothing", async () => {
    const h = host((_totals, goal) => {
      expect(goal.report("a-childs-call", "complete", "done")).toContain("Only the agent");
      goal.interrupted();
      return { ok: false, aborted: true, error: "interrupted" };
    });
    const goals = h.make();
    goals.set("count");
    await goals.next();
    expect(goals.current()).toMatchObject({ status: "paused", reason: "interrupted" });
    expect(goals.report("own-call", "complete", "counted")).toMatch(/^Goal marked met\. Spent/);
    expect(goals.current()).toMatchObject({ status: "complete", reason: "counted" });
    expect(goals.report("own-call", "blocked", undefined)).toBe(
      "The goal is already met: nothing changed.",
    );
  });

  it("a resumed active goal comes back paused, without writing to the session file", () => {
    const h = host(() => ({ ok: true, aborted: false }));
    const saved: Goal = {
      objective: "count",
      status: "active",
      budgets: {},
      spent: { tokens: 5, usd: 0, planPoints: 0, ms: 10, turns: 1, requests: 1 },
    };
    expect(h.make(saved).current()).toMatchObject({
      status: "paused",
      reason: "the session was resumed",
      spent: { tokens: 5, turns: 1 },
    });
    expect(h.recorded).toEqual([]);
  });
});

function usage(input: number, cached: number, output: number) {
  return { input_tokens: input, cached_tokens: cached, output_tokens: output, reasoning_tokens: 0 };
}
