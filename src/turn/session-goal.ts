import type { PlanUsage } from "../protocol/index.js";
import { isUsageLimitMessage } from "../protocol/index.js";
import type {
  GoalChange,
  RequestFinished,
  RequestForecast,
  SessionEvent,
  SessionGoals,
  SessionStatus,
  TurnResult,
} from "../session/index.js";
import {
  addSpend,
  BUDGET_NAMES,
  type BudgetChanges,
  budgetsText,
  decideGoalStep,
  GOAL_STATUS_LABELS,
  type Goal,
  type GoalBudgets,
  type GoalDecision,
  type GoalSpend,
  goalTurnMessage,
  NO_SPEND,
  requestUsage,
  type StepCost,
  share,
  spendText,
  windowName,
  withBudgets,
} from "../session/index.js";
import type { GoalReport, GoalReports } from "../tools/index.js";

/** What a session lends its goal: its totals, plan usage, forecast, turns and file. */
export interface GoalHost {
  /** `[goals]`'s budgets, the default of every new goal. */
  defaults: GoalBudgets;
  totals(): SessionStatus["totals"];
  /** The plan windows the backend last reported (ChatGPT sign-in), else undefined. */
  plan(): PlanUsage | undefined;
  /** The next request priced, opened by `message` when given. */
  forecast(message?: string): RequestForecast | undefined;
  /** Run a turn opened by `text` (the session's `send`). */
  send(text: string): Promise<TurnResult>;
  /** A turn of any kind runs now. */
  busy(): boolean;
  /**
   * Starts the session's warm-up if it sends one and has not yet (as its `send` would) and
   * settles once it has: its prefix is then cached, and the forecast knows it.
   */
  settled(): Promise<void>;
  /** Whether `callId` is a call of the session's own history (not a subagent's). */
  ownsCall(callId: string): boolean;
  /** The goal as it now stands, for the session file (undefined: cleared). */
  record(goal: Goal | undefined): void;
  emit(event: SessionEvent): void;
  now(): number;
}

/** A goal turn stopped before a request that would pass a budget (the turn's error). */
class GoalStopped extends Error {
  override readonly name = "GoalStopped";
}

/**
 * Where a goal turn in progress began: what it spends is the session's totals since, less the
 * warm-ups that finished meanwhile (the connection's, not the goal's).
 */
interface Period {
  totals: SessionStatus["totals"];
  plan: PlanUsage | undefined;
  at: number;
  warmups: { tokens: number; usd: number; requests: number };
}

/**
 * A session's goal (docs/config.md, "Goals"): its state, what its turns spent (the session's
 * totals during them, subagents included), its turns (`next`), the check before each of their
 * requests, and update_goal's reports. The decision is `decideGoalStep`'s.
 */
export class SessionGoal implements SessionGoals, GoalReports {
  private goal: Goal | undefined;
  /** The goal turn running now (its spend is counted as it goes). */
  private running: Period | undefined;
  /** A goal turn waits for the warm-up before its forecast (Esc pauses it there too). */
  private starting = false;

  constructor(
    private readonly host: GoalHost,
    restored?: Goal,
  ) {
    // a resumed session starts nothing by itself: an active goal comes back paused
    if (restored?.status === "active") {
      this.goal = { ...restored, status: "paused", reason: "the session was resumed" };
    } else if (restored) this.goal = restored;
  }

  current(): Goal | undefined {
    const goal = this.goal;
    if (!goal) return undefined;
    const spent = this.running ? addSpend(goal.spent, this.periodSpend(this.running)) : goal.spent;
    return { ...goal, budgets: { ...goal.budgets }, spent: { ...spent } };
  }

  set(objective: string, budgets?: BudgetChanges): Goal {
    this.closePeriod();
    this.goal = {
      objective: objective.trim(),
      status: "active",
      budgets: withBudgets(this.host.defaults, budgets),
      spent: { ...NO_SPEND },
    };
    return this.changed("set") as Goal;
  }

  pause(reason = "paused by you"): Goal | undefined {
    const goal = this.goal;
    if (goal?.status !== "active") return this.current();
    goal.status = "paused";
    goal.reason = reason;
    return this.changed("paused");
  }

  resume(budgets?: BudgetChanges): Goal | undefined {
    const goal = this.goal;
    if (!goal) return undefined;
    goal.budgets = withBudgets(goal.budgets, budgets);
    goal.status = "active";
    delete goal.reason;
    delete goal.stop;
    return this.changed("resumed");
  }

  clear(): Goal | undefined {
    const last = this.current();
    this.running = undefined;
    this.goal = undefined;
    if (last) this.changed("cleared");
    return last;
  }

  async next(): Promise<TurnResult | undefined> {
    const goal = this.goal;
    if (goal?.status !== "active" || this.running || this.starting || this.host.busy()) return;
    // a warm-up in flight caches the prefix: the forecast is right only after it
    this.starting = true;
    try {
      await this.host.settled();
    } finally {
      this.starting = false;
    }
    if (this.goal !== goal || goal.status !== "active" || this.host.busy()) return undefined;
    const message = goalTurnMessage(this.current() as Goal);
    if (this.stopsAt("turn", message)) return undefined;
    goal.spent = { ...goal.spent, turns: goal.spent.turns + 1 };
    this.running = this.periodStart();
    this.changed("turn");
    let result: TurnResult;
    try {
      result = await this.host.send(message);
    } finally {
      if (this.goal === goal) this.closePeriod();
    }
    // cleared or replaced meanwhile: that goal is none of this turn's business
    if (this.goal !== goal) return result;
    if (goal.status === "active" && !result.ok) {
      const why = result.error ?? "the turn failed";
      if (result.aborted) this.pause("interrupted");
      else if (isUsageLimitMessage(why)) this.stopWith("usage_limited", why);
      else this.pause(`its last turn failed: ${why}`);
    } else this.changed("spent");
    return result;
  }

  /** Before each request of a turn: a goal turn stops here if the request would pass a budget. */
  beforeRequest(): void {
    if (!this.running || this.goal?.status !== "active") return;
    if (!this.stopsAt("request")) return;
    // the goal's own line says the figures
    const stop = this.goal.stop;
    const why = stop ? `it would pass the goal's ${BUDGET_NAMES[stop.budget]}` : this.goal.reason;
    throw new GoalStopped(`stopped before the next request: ${why ?? "the goal stopped"}`);
  }

  /** A request of the session finished: a goal turn's spend so far is announced (not saved). */
  requestFinished(request: Pick<RequestFinished, "warmup" | "usage" | "steeredUsage" | "cost">) {
    const period = this.running;
    if (!period) return;
    if (request.warmup) {
      const usage = requestUsage(request);
      period.warmups.tokens += usage
        ? usage.input_tokens - usage.cached_tokens + usage.output_tokens
        : 0;
      period.warmups.usd += request.cost?.usd ?? 0;
      period.warmups.requests += 1;
      return;
    }
    this.host.emit({ type: "goal_updated", change: "spent", goal: this.current() });
  }

  /** Esc or Ctrl+C: a goal turn in progress pauses its goal (no turn follows). */
  interrupted(): void {
    if (this.running || this.starting) this.pause("interrupted");
  }

  /** update_goal: the model says the goal is met or blocked. */
  report(callId: string, status: GoalReport, reason: string | undefined): string {
    const goal = this.goal;
    if (!goal) return "There is no goal in this session: nothing changed.";
    if (!this.host.ownsCall(callId)) {
      return "Only the agent that holds the goal can update it: nothing changed.";
    }
    if (goal.status !== "active" && goal.status !== "paused") {
      return `The goal is already ${GOAL_STATUS_LABELS[goal.status]}: nothing changed.`;
    }
    goal.status = status;
    if (reason !== undefined) goal.reason = reason;
    else delete goal.reason;
    const now = this.changed("reported") as Goal;
    const budget = budgetsText(now.budgets);
    const spent = `Spent so far: ${spendText(now.spent)}${budget ? ` (budget: ${budget})` : ""}.`;
    return status === "complete"
      ? `Goal marked met. ${spent} Tell the person what was done and what it spent.`
      : `Goal marked blocked: no turn follows until the person resumes it. ${spent} Tell the person what blocks it.`;
  }

  /** Whether the goal stops before this step (it is stopped, with why, when it does). */
  private stopsAt(at: "turn" | "request", message?: string): boolean {
    const goal = this.current();
    if (!goal) return true;
    const decision = decideGoalStep({
      goal,
      next: this.stepCost(goal.spent, message),
      at,
      ...this.usageLimit(),
    });
    if (decision.continue) return false;
    this.stopAt(decision);
    return true;
  }

  private stopAt(decision: Exclude<GoalDecision, { continue: true }>): void {
    const goal = this.goal;
    if (!goal) return;
    goal.status = decision.status;
    goal.reason = decision.reason;
    if (decision.stop) goal.stop = decision.stop;
    this.changed(decision.status === "paused" ? "paused" : "stopped");
  }

  private stopWith(status: "usage_limited", reason: string): void {
    this.stopAt({ continue: false, status, reason });
  }

  /**
   * The next step's predicted cost: the next request's forecast (uncached input plus output
   * tokens, its dollars); plan points and minutes at the goal's own rate per request so far.
   */
  private stepCost(spent: GoalSpend, message?: string): StepCost {
    const forecast = this.host.forecast(message);
    const perRequest = (amount: number) => (spent.requests > 0 ? amount / spent.requests : 0);
    return {
      tokens: forecast
        ? Math.max(0, forecast.inputTokens - forecast.cachedTokens) + forecast.outputTokens
        : 0,
      usd: forecast?.usd ?? 0,
      plan_percent: perRequest(spent.planPoints),
      minutes: perRequest(spent.ms) / 60_000,
    };
  }

  /** The plan can take no more: a window the backend reported 100% used. */
  private usageLimit(): { usageLimit?: string } {
    const plan = this.host.plan();
    const full = [plan?.primary, plan?.secondary].find((w) => w && w.usedPercent >= 100);
    if (!full) return {};
    return { usageLimit: `usage limit reached: the plan's ${windowName(full)} window is used up` };
  }

  private periodStart(): Period {
    const warmups = { tokens: 0, usd: 0, requests: 0 };
    return { totals: this.host.totals(), plan: this.host.plan(), at: this.host.now(), warmups };
  }

  /** What the session spent since `period` began. */
  private periodSpend(period: Period): GoalSpend {
    const now = this.host.totals();
    const before = period.totals;
    const input = now.inputTokens - before.inputTokens;
    const cached = now.cachedTokens - before.cachedTokens;
    const output = now.outputTokens - before.outputTokens;
    const { warmups } = period;
    return {
      tokens: Math.max(0, input - cached + output - warmups.tokens),
      usd: Math.max(0, now.cost.usd - before.cost.usd - warmups.usd),
      planPoints: share(period.plan?.primary, this.host.plan()?.primary) ?? 0,
      ms: Math.max(0, this.host.now() - period.at),
      turns: 0,
      requests: now.requests - before.requests - warmups.requests,
    };
  }

  /** The running goal turn's spend joins the goal's (it ended, or the goal was replaced). */
  private closePeriod(): void {
    const period = this.running;
    this.running = undefined;
    if (period && this.goal) this.goal.spent = addSpend(this.goal.spent, this.periodSpend(period));
  }

  /** Record and announce the goal as it now is. */
  private changed(change: GoalChange): Goal | undefined {
    const goal = this.current();
    this.host.record(goal);
    this.host.emit({ type: "goal_updated", change, goal });
    return goal;
  }
}
