import { describe, expect, it } from "vitest";
import {
  planUsageFromEvent,
  planUsageFromHeaders,
  usageLimitMessage,
  usageLimitOf,
} from "../../src/protocol/plan-usage.js";
import { planUsageOfCell } from "../../src/session/ledger/ledger-row.js";
import {
  attributePlanUsage,
  type PlanUsageRow,
  planUsageLines,
} from "../../src/session/ledger/plan-usage-attribution.js";

const HOUR = 3600;

describe("plan usage as the Codex backend reports it", () => {
  it("reads the x-codex-primary-* / secondary-* headers and the codex.rate_limits event alike", () => {
    const headers: Record<string, string> = {
      "x-codex-primary-used-percent": "42.5",
      "x-codex-primary-window-minutes": "300",
      "x-codex-primary-reset-at": "1800000000",
      "x-codex-secondary-used-percent": "7",
      "x-codex-secondary-window-minutes": "10080",
    };
    const fromHeaders = planUsageFromHeaders((name) => headers[name]);
    expect(fromHeaders).toEqual({
      primary: { usedPercent: 42.5, windowMinutes: 300, resetsAt: 1_800_000_000 },
      secondary: { usedPercent: 7, windowMinutes: 10_080 },
    });
    const fromEvent = planUsageFromEvent({
      type: "codex.rate_limits",
      plan_type: "pro",
      rate_limits: {
        primary: { used_percent: 42.5, window_minutes: 300, reset_at: 1_800_000_000 },
        secondary: { used_percent: 7, window_minutes: 10_080 },
      },
    });
    expect(fromEvent).toEqual({ ...fromHeaders, planType: "pro" });
    expect(planUsageFromHeaders(() => undefined)).toBeUndefined();
  });

  it("says when a reached limit lifts, from resets_at or resets_in_seconds", () => {
    const now = Date.UTC(2026, 11, 6, 12, 0, 0);
    const limit = usageLimitOf(
      { type: "usage_limit_reached", plan_type: "plus", resets_in_seconds: 2 * HOUR + 180 },
      now,
    );
    expect(limit).toEqual({ planType: "plus", resetsAt: now / 1000 + 2 * HOUR + 180 });
    expect(usageLimitMessage(limit ?? {}, now)).toMatch(
      /plus plan .*resets at \d\d:\d\d \(in 2h 3m\)/,
    );
    expect(usageLimitOf({ type: "invalid_request_error" })).toBeUndefined();
  });

  it("says where more usage can be had, by plan, as the Codex CLI points its users (issue 46)", () => {
    const now = Date.UTC(2026, 11, 6, 12, 0, 0);
    const message = (planType?: string) =>
      usageLimitMessage({ ...(planType ? { planType } : {}), resetsAt: now / 1000 + HOUR }, now);
    expect(message("plus")).toMatch(
      /; more usage now: upgrade to Pro \(https:\/\/chatgpt\.com\/explore\/pro\) or buy credits at https:\/\/chatgpt\.com\/settings\/usage$/,
    );
    expect(message("pro")).toMatch(
      /more usage now: buy credits at https:\/\/chatgpt\.com\/settings\/usage$/,
    );
    expect(message("free")).toContain("upgrade to Plus (https://chatgpt.com/explore/plus)");
    expect(message("business")).toContain("ask your workspace admin for more");
    expect(message(undefined)).not.toContain("more usage");
  });
});

function row(turn: number, used: number | null, tokens = 1000, missed = 0): PlanUsageRow {
  return {
    turn,
    usage: { input_tokens: tokens, cached_tokens: 0, output_tokens: 0, reasoning_tokens: 0 },
    cache_missed_tokens: missed,
    plan_usage:
      used === null
        ? null
        : {
            plan_type: "plus",
            primary: { used_percent: used, window_minutes: 300, resets_at: 1_800_000_000 },
            secondary: null,
          },
  };
}

describe("attributing plan usage to turns", () => {
  it("gives each turn the points between the figure before it and its last, and the uncached replay's part", () => {
    const rows = [row(0, 10), row(1, 12), row(1, 15), row(2, 19, 1000, 500)];
    const { turns, latest } = attributePlanUsage(rows);
    expect(latest?.primary?.usedPercent).toBe(19);
    // the warm-up (turn 0) has no figure before it in this run: no share known
    expect(turns).toEqual([
      { turn: 0, points: null, replayPoints: null },
      { turn: 1, points: 5, replayPoints: 0 },
      { turn: 2, points: 4, replayPoints: 2 },
    ]);
    const lines = planUsageLines(attributePlanUsage(rows), 1_800_000_000_000 - 3 * HOUR * 1000);
    expect(lines[0]).toMatch(/^plan usage: plus · 5h 19% used, resets .*\(in 3h 0m\)$/);
    expect(lines[1]).toBe(
      "per turn (points of the 5h window): #1 5 pts · #2 4 pts (2 uncached replay)",
    );
  });

  it("bills a resumed session's warm-up its own share, from the figure its ledger ended with (issue 46)", () => {
    const before = row(3, 40).plan_usage;
    const start = planUsageOfCell(before ?? null);
    const rows = [row(0, 40.6), row(4, 41)];
    expect(attributePlanUsage(rows, start).turns).toEqual([
      { turn: 0, points: 0.6, replayPoints: 0 },
      { turn: 4, points: 0.4, replayPoints: 0 },
    ]);
    expect(planUsageLines(attributePlanUsage(rows, start))[1]).toBe(
      "per turn (points of the 5h window): warm-up 0.6 pts · #4 0.4 pts",
    );
  });

  it("knows no share for a turn with no figure before it, and counts a reset window from zero", () => {
    const reset = row(2, 3);
    if (reset.plan_usage?.primary) reset.plan_usage.primary.resets_at = 1_800_018_000;
    const { turns } = attributePlanUsage([row(1, 50), reset]);
    expect(turns).toEqual([
      { turn: 1, points: null, replayPoints: null },
      { turn: 2, points: 3, replayPoints: 0 },
    ]);
    expect(attributePlanUsage([row(1, null)]).latest).toBeUndefined();
  });
});
