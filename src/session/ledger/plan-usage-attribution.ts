import { describeReset, type PlanUsage, type UsageWindow } from "../../protocol/index.js";
import { type LedgerRow, planUsageOfCell, WARMUP_TURN } from "./ledger-row.js";

/** The ledger columns the attribution reads (live rows and `mini-codex ledger` alike). */
export type PlanUsageRow = Pick<LedgerRow, "turn" | "plan_usage" | "usage" | "cache_missed_tokens">;

/** One turn's share of the plan's 5-hour window (docs/protocol.md, "Plan usage"). */
interface TurnPlanShare {
  turn: number;
  /** Points of the window the turn used: its last figure less the one before it (null: no figure before). */
  points: number | null;
  /**
   * The part of `points` that went to replaying a prefix the server had seen and did not serve
   * from cache (the ledger's `cache_missed_tokens`), in proportion to the turn's uncached
   * input and output tokens: an estimate, the backend does not say how it counts.
   */
  replayPoints: number | null;
}

export interface PlanUsageAttribution {
  /** The latest windows the backend reported. */
  latest?: PlanUsage;
  turns: TurnPlanShare[];
}

/**
 * Each turn's share of the 5-hour window: the percent after its last request less the percent
 * before its first (the previous figure); a window that reset between them counts from zero.
 * The warm-up is a turn of its own here (`WARMUP_TURN`): it is billed too. `start`: the last
 * figure known before these rows (a resumed session's ledger), so the first of them has a share.
 * Pure.
 */
export function attributePlanUsage(
  rows: readonly PlanUsageRow[],
  start?: PlanUsage,
): PlanUsageAttribution {
  let latest: PlanUsage | undefined;
  let known: UsageWindow | undefined = start?.primary;
  const turns: TurnPlanShare[] = [];
  let current:
    | { turn: number; before: UsageWindow | undefined; billed: number; missed: number }
    | undefined;
  let after: UsageWindow | undefined;
  const close = () => {
    if (!current) return;
    const points = share(current.before, after);
    const replay =
      points === null || current.billed <= 0
        ? null
        : round((points * Math.min(current.missed, current.billed)) / current.billed);
    turns.push({ turn: current.turn, points, replayPoints: replay });
  };
  for (const row of rows) {
    if (!current || row.turn !== current.turn) {
      close();
      current = { turn: row.turn, before: known, billed: 0, missed: 0 };
      after = known;
    }
    const usage = planUsageOfCell(row.plan_usage);
    if (usage) {
      latest = usage;
      after = usage.primary ?? after;
      known = after;
    }
    if (row.usage) {
      current.billed += row.usage.input_tokens - row.usage.cached_tokens + row.usage.output_tokens;
    }
    current.missed += row.cache_missed_tokens ?? 0;
  }
  close();
  return { ...(latest ? { latest } : {}), turns };
}

/** Points of a window used between two figures of it (a reset between them counts from zero). */
export function share(
  before: UsageWindow | undefined,
  after: UsageWindow | undefined,
): number | null {
  if (!after || !before) return null;
  if (before.resetsAt !== undefined && after.resetsAt !== before.resetsAt) {
    return round(after.usedPercent);
  }
  return round(Math.max(0, after.usedPercent - before.usedPercent));
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/** A window's name: `5h`, `weekly`, else its length. */
export function windowName(window: UsageWindow): string {
  const minutes = window.windowMinutes;
  if (minutes === undefined) return "window";
  if (minutes === 300) return "5h";
  if (minutes === 10_080) return "weekly";
  if (minutes % 1440 === 0) return `${minutes / 1440}d`;
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes}m`;
}

/**
 * What `/status` and `mini-codex ledger` say of plan usage: the windows (percent used, when
 * each resets) and the last turns' shares; nothing when the backend reported none.
 */
export function planUsageLines(
  attribution: PlanUsageAttribution,
  now = Date.now(),
  lastTurns = 5,
): string[] {
  const { latest } = attribution;
  if (!latest) return [];
  const window = (w: UsageWindow | undefined) =>
    w
      ? `${windowName(w)} ${w.usedPercent}% used${w.resetsAt !== undefined ? `, resets ${describeReset(w.resetsAt, now)}` : ""}`
      : undefined;
  const windows = [window(latest.primary), window(latest.secondary)].filter(Boolean);
  const plan = latest.planType ? `${latest.planType} · ` : "";
  const lines = [`plan usage: ${plan}${windows.join(" · ")}`];
  const shares = attribution.turns.filter((t) => t.points !== null).slice(-lastTurns);
  if (shares.length > 0) {
    const text = shares.map((t) => {
      const replay = t.replayPoints ? ` (${t.replayPoints} uncached replay)` : "";
      return `${t.turn === WARMUP_TURN ? "warm-up" : `#${t.turn}`} ${t.points} pts${replay}`;
    });
    lines.push(`per turn (points of the 5h window): ${text.join(" · ")}`);
  }
  return lines;
}
