import { formatUsd } from "../models/index.js";
import type { UsageWindow } from "../protocol/index.js";
import { windowName } from "../session/index.js";
import { elapsedLabel } from "../text/index.js";
import type { StatusState } from "./controller/index.js";
import {
  cacheDropTexts,
  compactNumber,
  describeForecast,
  describeNext,
  describeReason,
  goalStatusColor,
  goalStatusTexts,
  percent,
} from "./labels/index.js";

type StatusColor = "green" | "yellow" | "magenta" | "cyan" | "gray" | "red";

interface StatusSegment {
  id: string;
  text: string;
  color?: StatusColor;
}

/** What the items read: the session's status plus the clock of the running turn. */
export type StatusView = StatusState & { elapsedMs?: number };

/** One status bar item: lower `priority` numbers keep their place longer on narrow terminals. */
export interface StatusItem {
  id: string;
  /** A slot of STATUS_PRIORITY (add a slot there for a new item). */
  priority: number;
  /** Never dropped: its shortest text is reserved before any other item is placed. */
  required?: boolean;
  color?(state: StatusView): StatusColor | undefined;
  /** Alternative texts, longest first (the first that fits is shown); none = hidden. */
  render(state: StatusView): string[];
}

/**
 * Priority slots, one per item (lower = kept longer). Items of other features take a free
 * slot here and append themselves to STATUS_ITEMS; the required ones always show.
 */
export const STATUS_PRIORITY = {
  mode: 0,
  collab: 2,
  activity: 1,
  context: 10,
  goal: 12,
  terminals: 15,
  agents: 16,
  next: 20,
  lane: 25,
  model: 30,
  cacheDrop: 35,
  cached: 40,
  forecast: 42,
  cost: 55,
  plan: 38,
  interruptHint: 45,
  prev: 50,
} as const;

const MODE_COLORS = { ws_incremental: "green", ws_full: "yellow", http_full: "magenta" } as const;

function activityTexts(s: StatusView): string[] {
  const queued = s.queued > 0 ? `${s.queued} queued` : "";
  if (!s.busy) return queued ? [queued] : [];
  const clock = s.elapsedMs !== undefined ? ` ${elapsedLabel(s.elapsedMs)}` : "";
  const withQueue = queued ? ` · ${queued}` : "";
  return [`working${clock}${withQueue}`, `working${withQueue}`];
}

/** `5h 42% · wk 6%`: the plan's windows, the fuller one first when only one fits. */
function planTexts(s: StatusView): string[] {
  const usage = s.planUsage;
  if (!usage) return [];
  const short = (w: UsageWindow) => {
    const name = windowName(w);
    return `${name === "weekly" ? "wk" : name} ${Math.round(w.usedPercent)}%`;
  };
  const windows = [usage.primary, usage.secondary].filter((w): w is UsageWindow => !!w);
  if (windows.length === 0) return [];
  const fullest = [...windows].sort((a, b) => b.usedPercent - a.usedPercent)[0] as UsageWindow;
  return [`plan ${windows.map(short).join(" · ")}`, windows.map(short).join(" · "), short(fullest)];
}

/** `agents 2/3 running · $0.01`: running of not finished, what all subagents cost so far. */
function agentsTexts(s: StatusView): string[] {
  const agents = s.agents;
  if (!agents) return [];
  const count = `agents ${agents.running}/${agents.active}`;
  // a ChatGPT plan is not billed per token: the count alone (the plan item says what it counts)
  const cost =
    agents.usd === undefined || s.costDisplay === "plan" ? "" : ` · ${formatUsd(agents.usd)}`;
  return [`${count} running${cost}`, `${count}${cost}`, count];
}

/** The registry, in display order. */
export const STATUS_ITEMS: readonly StatusItem[] = [
  {
    // the collaboration mode: shown in Plan mode only (Default is the session as configured)
    id: "collab",
    priority: STATUS_PRIORITY.collab,
    required: true,
    color: () => "cyan",
    render: (s) => (s.collabMode === "plan" ? ["Plan mode (Shift+Tab)", "Plan mode", "plan"] : []),
  },
  {
    id: "mode",
    priority: STATUS_PRIORITY.mode,
    required: true,
    color: (s) => (s.last ? MODE_COLORS[s.last.mode] : "gray"),
    render: (s) => {
      if (!s.last) return ["no request yet", "—"];
      const warm = s.last.warmup ? " (warm-up)" : "";
      const why = s.last.mode === "ws_incremental" ? "" : describeReason(s.last.reason);
      return why
        ? [`${s.last.mode} — ${why}${warm}`, `${s.last.mode} — ${why}`, s.last.mode]
        : [`${s.last.mode}${warm}`, s.last.mode];
    },
  },
  {
    id: "next",
    priority: STATUS_PRIORITY.next,
    color: () => "cyan",
    render: (s) => {
      if (!s.next) return [];
      return [describeNext(s.next), `next: ${s.next.mode}`];
    },
  },
  {
    // the next request's predicted price: shown after the facts of this one when room is short
    id: "forecast",
    priority: STATUS_PRIORITY.forecast,
    color: () => "cyan",
    render: (s) => (s.next?.forecast ? [describeForecast(s.next.forecast, s.costDisplay)] : []),
  },
  {
    id: "prev",
    priority: STATUS_PRIORITY.prev,
    render: (s) => (s.last ? [s.last.prev ? "prev ✓" : "prev –"] : []),
  },
  {
    id: "lane",
    priority: STATUS_PRIORITY.lane,
    // which mechanism carried the effort: a configuration_update on the one chain, or a lane
    // (one lane says nothing)
    render: (s) => {
      if (s.lane?.inBand) return [`effort ${s.lane.inBand} · in-band`, "in-band"];
      return s.lane && s.lane.count > 1 ? [`lane ${s.lane.label}`] : [];
    },
  },
  {
    id: "model",
    priority: STATUS_PRIORITY.model,
    render: (s) => {
      if (!s.model) return [];
      // No effort set: the request carries none and the model's default applies.
      return s.effort ? [`${s.model} ${s.effort}`] : [`${s.model} default effort`, s.model];
    },
  },
  {
    id: "cached",
    priority: STATUS_PRIORITY.cached,
    render: (s) => {
      if (!s.usage) return ["cached —"];
      if (s.cacheDrop) return []; // the cacheDrop item says it, with why
      const { cached_tokens, input_tokens } = s.usage;
      return [
        `cached ${compactNumber(cached_tokens)} (${percent(cached_tokens, input_tokens)})`,
        `cached ${percent(cached_tokens, input_tokens)}`,
      ];
    },
  },
  {
    id: "cost",
    priority: STATUS_PRIORITY.cost,
    render: (s) => {
      if (!s.cost || s.costDisplay === "plan") return []; // the plan item says what a plan counts
      if (s.cost.noPrice) return [`no price for ${s.cost.noPrice}`, "no price"];
      const session = formatUsd(s.cost.sessionUsd);
      const last = s.cost.lastUsd === undefined ? "" : ` · last ${formatUsd(s.cost.lastUsd)}`;
      return [`${session}${last}`, session];
    },
  },
  {
    id: "plan",
    priority: STATUS_PRIORITY.plan,
    color: (s) => {
      const used = Math.max(
        s.planUsage?.primary?.usedPercent ?? 0,
        s.planUsage?.secondary?.usedPercent ?? 0,
      );
      return used >= 90 ? "red" : used >= 70 ? "yellow" : undefined;
    },
    render: planTexts,
  },
  {
    id: "terminals",
    priority: STATUS_PRIORITY.terminals,
    color: () => "cyan",
    render: (s) => {
      const n = s.backgroundTerminals ?? 0;
      if (n === 0) return [];
      const plural = n === 1 ? "" : "s";
      return [
        `${n} background terminal${plural} running · /ps`,
        `${n} bg terminal${plural}`,
        `${n} bg`,
      ];
    },
  },
  {
    // subagents at work (docs/config.md, "Subagents"): gone when none runs or waits
    id: "agents",
    priority: STATUS_PRIORITY.agents,
    color: () => "cyan",
    render: agentsTexts,
  },
  {
    // the session's goal (docs/config.md, "Goals"): its turn or state, spend against its budget
    id: "goal",
    priority: STATUS_PRIORITY.goal,
    color: (s) => goalStatusColor(s.goal),
    render: (s) => goalStatusTexts(s.goal, s.costDisplay),
  },
  {
    id: "cacheDrop",
    priority: STATUS_PRIORITY.cacheDrop,
    color: () => "yellow",
    render: cacheDropTexts,
  },
  {
    id: "context",
    priority: STATUS_PRIORITY.context,
    render: (s) => {
      if (!s.usage || !s.contextWindow) return ["ctx —"];
      const used = s.usage.input_tokens + s.usage.output_tokens;
      const left = Math.max(0, s.contextWindow - used);
      return [`ctx ${percent(left, s.contextWindow)} left`];
    },
  },
  {
    id: "activity",
    priority: STATUS_PRIORITY.activity,
    required: true,
    color: (s) => (s.busy ? "yellow" : "gray"),
    render: activityTexts,
  },
  {
    id: "interrupt",
    priority: STATUS_PRIORITY.interruptHint,
    color: () => "gray",
    render: (s) => (s.busy ? ["Esc to interrupt"] : []),
  },
];

export const SEPARATOR = " │ ";

/**
 * The segments that fit in `width` columns, in registry order. Required items keep at least
 * their shortest text; the others are placed by priority with the longest text that fits.
 */
export function layoutStatusBar(
  state: StatusView,
  width: number,
  items: readonly StatusItem[] = STATUS_ITEMS,
): StatusSegment[] {
  const texts = new Map(items.map((item) => [item.id, item.render(state)]));
  // Every item costs its text plus one separator; the first separator is free.
  const cost = (text: string) => text.length + SEPARATOR.length;
  const budget = width + SEPARATOR.length;
  let reserved = 0;
  for (const item of items) {
    const shortest = texts.get(item.id)?.at(-1);
    if (item.required && shortest !== undefined) reserved += cost(shortest);
  }
  const order = [...items].sort(
    (a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)) || a.priority - b.priority,
  );
  const chosen = new Map<string, string>();
  let used = 0;
  for (const item of order) {
    const alternatives = texts.get(item.id) ?? [];
    const shortest = alternatives.at(-1);
    if (shortest === undefined) continue;
    if (item.required) reserved -= cost(shortest);
    const fits = alternatives.find((alt) => used + cost(alt) + reserved <= budget);
    const text = fits ?? (item.required ? shortest : undefined);
    if (text === undefined) continue;
    chosen.set(item.id, text);
    used += cost(text);
  }
  return items.flatMap((item) => {
    const text = chosen.get(item.id);
    return text === undefined ? [] : [{ id: item.id, text, color: item.color?.(state) }];
  });
}
