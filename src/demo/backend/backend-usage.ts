import type { PlanUsage, UsageWindow } from "../../protocol/index.js";

/**
 * The plan usage the demo's Codex backend keeps per ChatGPT account: a 5-hour window and a
 * weekly one, each a budget of usage units spent by the requests it accepts — uncached input
 * and output at one unit a token, cached input at a tenth — so a full resend that misses the
 * cache visibly costs the plan more than an incremental request that hits it.
 */
const FIVE_HOURS = 300;
const ONE_WEEK = 10_080;
const PRIMARY_BUDGET = 400_000;
const SECONDARY_BUDGET = 4_000_000;

interface Spent {
  units: number;
  startedAt: number;
}

export interface TokenUse {
  input_tokens: number;
  output_tokens: number;
  input_tokens_details?: { cached_tokens?: number } | null;
}

/** What a response costs the plan, in usage units. */
function usageUnits(usage: TokenUse): number {
  const cached = usage.input_tokens_details?.cached_tokens ?? 0;
  return usage.input_tokens - cached + cached / 10 + usage.output_tokens;
}

export class PlanUsageBook {
  private readonly accounts = new Map<string, { primary: Spent; secondary: Spent }>();

  constructor(private readonly now: () => number = Date.now) {}

  private account(id: string) {
    let spent = this.accounts.get(id);
    if (!spent) {
      const startedAt = this.now();
      spent = { primary: { units: 0, startedAt }, secondary: { units: 0, startedAt } };
      this.accounts.set(id, spent);
    }
    return spent;
  }

  /** Charge a response's usage to the account. */
  charge(accountId: string, usage: TokenUse | undefined): void {
    if (!usage) return;
    const spent = this.account(accountId);
    const units = usageUnits(usage);
    spent.primary.units += units;
    spent.secondary.units += units;
  }

  /** Spend the rest of the 5-hour window (a test's way to a reached limit). */
  exhaust(accountId: string): void {
    this.account(accountId).primary.units = PRIMARY_BUDGET;
  }

  /** The account's windows now. */
  usage(accountId: string, planType: string): PlanUsage {
    const spent = this.account(accountId);
    return {
      primary: windowOf(spent.primary, PRIMARY_BUDGET, FIVE_HOURS),
      secondary: windowOf(spent.secondary, SECONDARY_BUDGET, ONE_WEEK),
      planType,
    };
  }

  /** Whether the 5-hour window is used up. */
  reached(accountId: string): boolean {
    return this.account(accountId).primary.units >= PRIMARY_BUDGET;
  }
}

function windowOf(spent: Spent, budget: number, minutes: number): UsageWindow {
  return {
    usedPercent: Math.min(100, Math.round((spent.units / budget) * 1000) / 10),
    windowMinutes: minutes,
    resetsAt: Math.round((spent.startedAt + minutes * 60_000) / 1000),
  };
}

/** The windows as the backend's response headers. */
export function planUsageHeaders(usage: PlanUsage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const which of ["primary", "secondary"] as const) {
    const window = usage[which];
    if (!window) continue;
    headers[`x-codex-${which}-used-percent`] = String(window.usedPercent);
    if (window.windowMinutes !== undefined) {
      headers[`x-codex-${which}-window-minutes`] = String(window.windowMinutes);
    }
    if (window.resetsAt !== undefined) {
      headers[`x-codex-${which}-reset-at`] = String(window.resetsAt);
    }
  }
  return headers;
}

/** The `usage_limit_reached` error body (HTTP 429 and the WebSocket error frame). */
export function usageLimitBody(usage: PlanUsage, nowMs: number): Record<string, unknown> {
  const resetsAt = usage.primary?.resetsAt ?? Math.round(nowMs / 1000);
  return {
    type: "usage_limit_reached",
    message: "The usage limit has been reached",
    plan_type: usage.planType ?? "plus",
    resets_at: resetsAt,
    resets_in_seconds: Math.max(0, resetsAt - Math.round(nowMs / 1000)),
  };
}
