/**
 * The plan usage the ChatGPT Codex backend reports (docs/protocol.md, "Plan usage"): a
 * primary window (the 5-hour one) and a secondary one (the week), each with the percent used
 * and when it resets. The backend sends them as `x-codex-primary-*` / `x-codex-secondary-*`
 * response headers and as a `codex.rate_limits` stream event; both read into one shape here.
 */

export interface UsageWindow {
  /** 0–100: how much of the window is used. */
  usedPercent: number;
  /** The window's length (300: five hours, 10080: a week). */
  windowMinutes?: number;
  /** When it resets, in epoch seconds. */
  resetsAt?: number;
}

export interface PlanUsage {
  primary?: UsageWindow;
  secondary?: UsageWindow;
  /** `plus`, `pro`, `team`, … when the server names it. */
  planType?: string;
}

/** The `codex.rate_limits` event's type (WebSocket and SSE). */
const RATE_LIMITS_EVENT = "codex.rate_limits";

function finite(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

function windowOf(used: unknown, minutes: unknown, resets: unknown): UsageWindow | undefined {
  const usedPercent = finite(used);
  if (usedPercent === undefined) return undefined;
  const windowMinutes = finite(minutes);
  const resetsAt = finite(resets);
  // a window with no figure at all is how the backend says "none"
  if (usedPercent === 0 && !windowMinutes && resetsAt === undefined) return undefined;
  return {
    usedPercent,
    ...(windowMinutes !== undefined ? { windowMinutes: Math.round(windowMinutes) } : {}),
    ...(resetsAt !== undefined ? { resetsAt: Math.round(resetsAt) } : {}),
  };
}

function usageOf(parts: {
  primary?: UsageWindow | undefined;
  secondary?: UsageWindow | undefined;
  planType?: unknown;
}): PlanUsage | undefined {
  const usage: PlanUsage = {};
  if (parts.primary) usage.primary = parts.primary;
  if (parts.secondary) usage.secondary = parts.secondary;
  if (typeof parts.planType === "string" && parts.planType) usage.planType = parts.planType;
  return usage.primary || usage.secondary ? usage : undefined;
}

/** The `x-codex-primary-*` / `x-codex-secondary-*` headers of a response (none: undefined). */
export function planUsageFromHeaders(
  header: (name: string) => string | null | undefined,
): PlanUsage | undefined {
  const window = (which: "primary" | "secondary") =>
    windowOf(
      header(`x-codex-${which}-used-percent`),
      header(`x-codex-${which}-window-minutes`),
      header(`x-codex-${which}-reset-at`),
    );
  return usageOf({ primary: window("primary"), secondary: window("secondary") });
}

/** A `codex.rate_limits` event's windows (none, or not that event: undefined). */
export function planUsageFromEvent(raw: unknown): PlanUsage | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const event = raw as { type?: unknown; plan_type?: unknown; rate_limits?: unknown };
  if (event.type !== RATE_LIMITS_EVENT) return undefined;
  const limits = (event.rate_limits ?? {}) as Record<string, unknown>;
  const window = (value: unknown) => {
    if (typeof value !== "object" || value === null) return undefined;
    const w = value as Record<string, unknown>;
    return windowOf(w.used_percent, w.window_minutes, w.reset_at);
  };
  return usageOf({
    primary: window(limits.primary),
    secondary: window(limits.secondary),
    planType: event.plan_type,
  });
}

/** The same windows as the `codex.rate_limits` event the backend sends (the headers' figures). */
export function rateLimitsEvent(usage: PlanUsage): Record<string, unknown> {
  const window = (w: UsageWindow | undefined) =>
    w
      ? {
          used_percent: w.usedPercent,
          ...(w.windowMinutes !== undefined ? { window_minutes: w.windowMinutes } : {}),
          ...(w.resetsAt !== undefined ? { reset_at: w.resetsAt } : {}),
        }
      : null;
  return {
    type: RATE_LIMITS_EVENT,
    ...(usage.planType ? { plan_type: usage.planType } : {}),
    rate_limits: { primary: window(usage.primary), secondary: window(usage.secondary) },
  };
}

/** `usage_limit_reached` (HTTP 429 body or error frame): the plan and when the limit lifts. */
export interface UsageLimit {
  planType?: string;
  /** Epoch seconds. */
  resetsAt?: number;
}

/** The usage limit an error body names (`error.type` or `error.code` `usage_limit_reached`). */
export function usageLimitOf(error: unknown, now = Date.now()): UsageLimit | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as Record<string, unknown>;
  if (e.type !== "usage_limit_reached" && e.code !== "usage_limit_reached") return undefined;
  const limit: UsageLimit = {};
  if (typeof e.plan_type === "string" && e.plan_type) limit.planType = e.plan_type;
  const at = finite(e.resets_at);
  const inSeconds = finite(e.resets_in_seconds);
  if (at !== undefined) limit.resetsAt = Math.round(at);
  else if (inSeconds !== undefined) limit.resetsAt = Math.round(now / 1000 + inSeconds);
  return limit;
}

/**
 * When a window resets, for people: the local time (with the day when it is not today) and
 * how long until then, e.g. `14:05 (in 2h 3m)` or `Mon 7 Dec 09:00 (in 3d 4h)`.
 */
export function describeReset(resetsAt: number, now = Date.now()): string {
  const at = new Date(resetsAt * 1000);
  const today = new Date(now);
  const hm = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const sameDay = at.toDateString() === today.toDateString();
  const day = sameDay
    ? ""
    : `${at.toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short" })} `;
  return `${day}${hm} (${untilText(resetsAt * 1000 - now)})`;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function untilText(ms: number): string {
  if (ms <= 0) return "now";
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `in ${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `in ${hours}h ${minutes % 60}m`;
  return `in ${Math.floor(hours / 24)}d ${hours % 24}h`;
}

const USAGE_LIMIT_HEAD = "usage limit reached:";

/** Where a ChatGPT plan's users get more usage, as the Codex CLI 0.171 points them (its URLs). */
const MORE_USAGE: Record<string, string> = {
  free: "upgrade to Plus (https://chatgpt.com/explore/plus)",
  go: "upgrade to Plus (https://chatgpt.com/explore/plus)",
  plus: "upgrade to Pro (https://chatgpt.com/explore/pro) or buy credits at https://chatgpt.com/settings/usage",
  pro: "buy credits at https://chatgpt.com/settings/usage",
  team: "ask your workspace admin for more",
  business: "ask your workspace admin for more",
  enterprise: "ask your workspace admin for more",
  edu: "ask your workspace admin for more",
};

/** "More usage now: …" for a plan (pure); undefined for a plan the Codex CLI names no way for. */
function moreUsageHint(planType: string | undefined): string | undefined {
  const way = planType ? MORE_USAGE[planType.toLowerCase()] : undefined;
  return way ? `more usage now: ${way}` : undefined;
}

/**
 * The turn's error for a reached limit: what happened, when it lifts, and where more usage can
 * be had (by plan, as the Codex CLI says it); never retried.
 */
export function usageLimitMessage(limit: UsageLimit, now = Date.now()): string {
  const plan = limit.planType ? ` of your ${limit.planType} plan` : "";
  const when =
    limit.resetsAt !== undefined
      ? `; it resets at ${describeReset(limit.resetsAt, now)}`
      : "; the server gave no reset time";
  const more = moreUsageHint(limit.planType);
  return `${USAGE_LIMIT_HEAD} the usage limit${plan} is used up${when}${more ? `; ${more}` : ""}`;
}

/** Whether a turn's error is a reached usage limit (`usageLimitMessage`'s text). */
export function isUsageLimitMessage(message: string): boolean {
  return message.startsWith(USAGE_LIMIT_HEAD);
}
