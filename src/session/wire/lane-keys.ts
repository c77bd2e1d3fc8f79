import type { ResponsesRequest } from "../../protocol/index.js";
import { canonicalJson } from "../../protocol/index.js";
import { COMPARED_FIELDS } from "./plan.js";

/**
 * Compared fields that do not make a lane: a new `tools` list (an MCP server's changed tools)
 * replaces the old one for good, so its lane goes on as `properties_changed:tools`.
 */
const NOT_LANE_FIELDS: ReadonlySet<string> = new Set(["tools"]);

/**
 * The lane a request belongs to: its compared fields other than `input` and `tools` (the
 * planner's table), as canonical JSON. Two requests on one lane differ only in those.
 */
export function laneKeyOf(body: ResponsesRequest): string {
  const fields: Record<string, unknown> = {};
  for (const field of COMPARED_FIELDS) {
    if (!NOT_LANE_FIELDS.has(field)) fields[field] = body[field] ?? null;
  }
  return canonicalJson(fields);
}

/**
 * A short name for a lane: its effort (`medium`, `high`; `default` without one), led by the
 * model when it differs from the session's (`gpt-5-codex·high`), followed by a service tier
 * or an output schema when set.
 */
export function laneLabel(body: ResponsesRequest, sessionModel: string | undefined): string {
  const parts: string[] = [];
  if (sessionModel !== undefined && body.model !== sessionModel) parts.push(body.model);
  parts.push(body.reasoning?.effort ?? "default");
  if (body.service_tier) parts.push(body.service_tier);
  if (body.text?.format) parts.push("schema");
  return parts.join("·");
}

/** The first of `label`, `label#2`, `label#3`… that `taken` does not hold. */
export function uniqueLabel(label: string, taken: (candidate: string) => boolean): string {
  if (!taken(label)) return label;
  for (let n = 2; ; n++) {
    const candidate = `${label}#${n}`;
    if (!taken(candidate)) return candidate;
  }
}

const STREAM_ID_MAX = 256;

/** A valid `stream_id` (1–256 of `[A-Za-z0-9_.-]`) for a lane label: `gpt-5·high` → `gpt-5.high`. */
export function streamIdOf(label: string): string {
  const id = label
    .replace(/·/g, ".")
    .replace(/[^A-Za-z0-9_.-]/g, "_")
    .slice(0, STREAM_ID_MAX);
  return id.length > 0 ? id : "lane";
}
