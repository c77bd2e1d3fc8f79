import type { NextRequestPreview } from "../../session/index.js";

/** 1234 -> "1.2k", 1234567 -> "1.2M". */
export function compactNumber(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

export function percent(part: number, whole: number): string {
  if (whole <= 0) return "0%";
  return `${Math.round((part / whole) * 100)}%`;
}

const FIELD_WORDS: Record<string, string> = {
  reasoning: "effort",
  // `include` asks for encrypted reasoning: it changes when reasoning is turned on or off.
  include: "effort",
  model: "model",
  instructions: "instructions",
  tools: "tools",
  service_tier: "service tier",
  text: "output schema",
};

/** A planner reason (`properties_changed:reasoning`, `prefix_mismatch@7`, ...) in words. */
export function describeReason(reason: string | undefined): string {
  if (!reason) return "";
  const [kind, detail] = splitReason(reason);
  switch (kind) {
    case "properties_changed": {
      const fields = (detail ?? "").split(",").filter(Boolean);
      const words = fields.map((field) => FIELD_WORDS[field] ?? field);
      return `${[...new Set(words)].join(", ") || "settings"} changed`;
    }
    case "no_baseline":
      return "no baseline";
    case "prefix_mismatch":
      return `history changed at item ${detail ?? "?"}`;
    case "input_shorter":
      return "history shortened";
    case "epoch_reset":
      return `epoch reset${detail ? ` (${detail})` : ""}`;
    case "reconnected":
      return "reconnected";
    case "previous_not_found":
      return "previous response not found";
    case "token_refreshed":
      return "sign-in refreshed";
    case "transport_http":
      return "HTTP transport";
    case "lane_new":
      return "new lane";
    case "lane_fallback":
      return "lane on its own connection";
    case "lane_consumed":
      return "lane replaced";
    case "credential_removed":
      return "credential removed";
    default:
      return reason;
  }
}

function splitReason(reason: string): [string, string | undefined] {
  const match = /^([a-z_]+)[:@](.*)$/.exec(reason);
  return match ? [match[1] as string, match[2]] : [reason, undefined];
}

/** "next: full — effort changed" / "next: full — new lane high" / "next: incremental on lane high". */
export function describeNext(next: NextRequestPreview): string {
  // A lane is worth naming only when there is more than one.
  const lane = next.lane !== undefined && (next.lanes ?? 1) > 1 ? next.lane : undefined;
  if (next.mode === "full") {
    const why = describeReason(next.reason);
    const named = lane && next.reason === "lane_new" ? ` ${lane}` : "";
    return `next: full${why ? ` — ${why}${named}` : ""}`;
  }
  const update = next.effortUpdate ? " + effort update" : "";
  return `next: incremental${update}${lane ? ` on lane ${lane}` : ""}`;
}
