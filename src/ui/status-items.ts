import { compactNumber, describeNext, describeReason, percent } from "./request-labels.js";
import type { StatusState } from "./state.js";

export type StatusColor = "green" | "yellow" | "magenta" | "cyan" | "gray" | "red";

export interface StatusSegment {
  id: string;
  text: string;
  color?: StatusColor;
}

/** One status bar item: higher priority (lower number) items stay on narrow terminals. */
export interface StatusItem {
  id: string;
  priority: number;
  color?(state: StatusState): StatusColor | undefined;
  /** Alternative texts, longest first (the first that fits is shown); none = hidden. */
  render(state: StatusState): string[];
}

const MODE_COLORS = { ws_incremental: "green", ws_full: "yellow", http_full: "magenta" } as const;

export const STATUS_ITEMS: readonly StatusItem[] = [
  {
    id: "mode",
    priority: 0,
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
    priority: 1,
    color: () => "cyan",
    render: (s) => (s.next ? [describeNext(s.next), `next: ${s.next.mode}`] : []),
  },
  {
    id: "prev",
    priority: 2,
    render: (s) => (s.last ? [s.last.prev ? "prev ✓" : "prev –"] : []),
  },
  {
    id: "model",
    priority: 3,
    render: (s) => {
      if (!s.model) return [];
      // No effort set: the request carries none and the model's default applies.
      return s.effort ? [`${s.model} ${s.effort}`] : [`${s.model} default effort`, s.model];
    },
  },
  {
    id: "cached",
    priority: 4,
    render: (s) => {
      if (!s.usage) return ["cached —"];
      const { cached_tokens, input_tokens } = s.usage;
      return [
        `cached ${compactNumber(cached_tokens)} (${percent(cached_tokens, input_tokens)})`,
        `cached ${percent(cached_tokens, input_tokens)}`,
      ];
    },
  },
  {
    id: "context",
    priority: 5,
    render: (s) => {
      if (!s.usage || !s.contextWindow) return ["ctx —"];
      const used = s.usage.input_tokens + s.usage.output_tokens;
      const left = Math.max(0, s.contextWindow - used);
      return [`ctx ${percent(left, s.contextWindow)} left`];
    },
  },
  {
    id: "activity",
    priority: 6,
    color: () => "gray",
    render: (s) => {
      const queued = s.queued > 0 ? ` · ${s.queued} queued` : "";
      return s.busy ? [`working${queued}`] : queued ? [queued.slice(3)] : [];
    },
  },
];

export const SEPARATOR = " │ ";

/** The segments that fit in `width` columns, in registry order; lower priorities drop first. */
export function layoutStatusBar(
  state: StatusState,
  width: number,
  items: readonly StatusItem[] = STATUS_ITEMS,
): StatusSegment[] {
  const chosen = new Map<string, string>();
  let used = 0;
  for (const item of [...items].sort((a, b) => a.priority - b.priority)) {
    const cost = chosen.size === 0 ? 0 : SEPARATOR.length;
    const text = item.render(state).find((alt) => used + cost + alt.length <= width);
    if (text === undefined) continue;
    chosen.set(item.id, text);
    used += cost + text.length;
  }
  return items.flatMap((item) => {
    const text = chosen.get(item.id);
    return text === undefined ? [] : [{ id: item.id, text, color: item.color?.(state) }];
  });
}
