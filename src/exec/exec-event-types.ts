import type { z } from "zod";
import type { UsageFigures } from "../protocol/index.js";
import type {
  execCostSchema,
  execEventSchema,
  execItemSchema,
  execPlanUsageSchema,
  execUsageSchema,
} from "./exec-event-schema.js";

// The types of `exec --json`'s events, inferred from their schemas (exec-event-schema.ts, the
// contract; docs/exec-json.schema.json): type imports only, so exec never builds the schemas.

/** Items of `exec --json` (docs/config.md, "exec --json events"). */
export type ExecItem = z.output<ReturnType<typeof execItemSchema>>;

type ExecUsage = z.output<ReturnType<typeof execUsageSchema>>;

export type ExecEvent = z.output<ReturnType<typeof execEventSchema>>;

/** mini-codex's own field on `turn.completed` / `turn.failed` (exec-event-schema.ts). */
export type ExecPlanUsage = z.output<ReturnType<typeof execPlanUsageSchema>>;

/** mini-codex's own field beside `usage` in `turn.completed` (exec-event-schema.ts). */
export type ExecCost = z.output<ReturnType<typeof execCostSchema>>;

export function toExecUsage(usage: UsageFigures): ExecUsage {
  return {
    input_tokens: usage.input_tokens,
    cached_input_tokens: usage.cached_tokens,
    cache_write_input_tokens: 0,
    output_tokens: usage.output_tokens,
    reasoning_output_tokens: usage.reasoning_tokens,
  };
}
