// `exec --json`'s events as zod schemas: the one definition of the contract. The TypeScript
// types (exec-event-types.ts) are inferred from it, and docs/exec-json.schema.json is generated
// from it (execJsonSchema; `node build/exec-json-schema.mjs` after `npm run build`), so a change
// of shape shows as a diff of that file. Built lazily: exec itself never loads this module
// (its importers take types only), only the generator and the tests.
import { z } from "zod";
import { SCHEMA_VERSION } from "../launch/index.js";
import { lazy } from "../protocol/index.js";
import { goalJsonSchema, planUsageCellSchema } from "../session/index.js";

const count = () => z.int().min(0);
const message = () => z.object({ message: z.string() });
const runStatus = () => z.enum(["in_progress", "completed", "failed"]);
const endStatus = () => z.enum(["completed", "failed"]);

/** The Codex SDK's `McpToolCallItem`. */
const mcpToolCallItemSchema = lazy(() =>
  z.object({
    id: z.string(),
    type: z.literal("mcp_tool_call"),
    server: z.string(),
    tool: z.string(),
    arguments: z.unknown(),
    result: z
      .object({
        content: z.array(z.unknown()).meta({ description: "the server's content blocks as sent" }),
        structured_content: z.unknown(),
      })
      .optional(),
    error: message().optional(),
    status: runStatus(),
  }),
);

/** A subagent tool call, in the Codex CLI's `collab_tool_call` shape. */
const collabToolCallItemSchema = lazy(() =>
  z.object({
    id: z.string(),
    type: z.literal("collab_tool_call"),
    tool: z.enum(["spawn_agent", "send_input", "wait", "close_agent"]),
    sender_thread_id: z.string(),
    receiver_thread_ids: z.array(z.string()),
    prompt: z.string().nullable(),
    agents_states: z.record(
      z.string(),
      z.object({ status: z.string(), message: z.string().nullable() }),
    ),
    status: runStatus(),
  }),
);

/** A view_image call: what was sent (never the bytes), or why not. */
const imageViewItemSchema = lazy(() =>
  z.object({
    id: z.string(),
    type: z.literal("image_view"),
    path: z.string(),
    media_type: z.string().optional(),
    bytes: count().optional(),
    status: endStatus(),
    error: message().optional(),
  }),
);

/** One finding of `exec review --json` (after the review turn's own items). */
const reviewFindingItemSchema = lazy(() =>
  z.object({
    id: z.string(),
    type: z.literal("review_finding"),
    title: z.string(),
    body: z.string(),
    priority: z.number(),
    confidence_score: z.number(),
    file: z.string(),
    line_start: z.number(),
    line_end: z.number(),
  }),
);

export const execItemSchema = lazy(() =>
  z
    .discriminatedUnion("type", [
      z.object({ id: z.string(), type: z.literal("agent_message"), text: z.string() }),
      z.object({ id: z.string(), type: z.literal("reasoning"), text: z.string() }),
      z.object({
        id: z.string(),
        type: z.literal("command_execution"),
        command: z.string(),
        aggregated_output: z.string(),
        exit_code: z
          .int()
          .nullable()
          .meta({ description: "null while the command runs (and when it ended without one)" }),
        status: runStatus(),
      }),
      z.object({
        id: z.string(),
        type: z.literal("file_change"),
        changes: z.array(z.object({ path: z.string(), kind: z.enum(["add", "delete", "update"]) })),
        status: endStatus(),
      }),
      z.object({
        id: z.string(),
        type: z.literal("todo_list"),
        items: z.array(z.object({ text: z.string(), completed: z.boolean() })),
      }),
      mcpToolCallItemSchema(),
      z.object({ id: z.string(), type: z.literal("web_search"), query: z.string() }),
      imageViewItemSchema(),
      collabToolCallItemSchema(),
      reviewFindingItemSchema(),
      z.object({ id: z.string(), type: z.literal("error"), message: z.string() }),
    ])
    .meta({ id: "Item" }),
);

export const execUsageSchema = lazy(() =>
  z
    .object({
      input_tokens: count(),
      cached_input_tokens: count(),
      cache_write_input_tokens: count(),
      output_tokens: count(),
      reasoning_output_tokens: count(),
    })
    .meta({ id: "Usage" }),
);

/**
 * mini-codex's own field beside `usage` (the Codex SDK ignores it): the turn's cost in US
 * dollars and the part cache misses added, or, when a request's model has no known price,
 * `usd: null` and the models without one.
 */
export const execCostSchema = lazy(() =>
  z
    .union([
      z.object({ currency: z.literal("USD"), usd: z.number(), cache_miss_usd: z.number() }),
      z.object({ currency: z.literal("USD"), usd: z.null(), no_price: z.array(z.string()) }),
    ])
    .meta({ id: "Cost" }),
);

/**
 * mini-codex's own field when the Codex backend reports plan usage: the windows after the turn
 * (as the ledger's `plan_usage`) and the points of the 5-hour window the turn used (null: no
 * figure before it).
 */
export const execPlanUsageSchema = lazy(() =>
  planUsageCellSchema().extend({ turn_points: z.number().nullable() }).meta({ id: "PlanUsage" }),
);

/** A goal (`exec --goal`), as the session file's `goal` lines carry it too. */
const execGoalSchema = lazy(() => goalJsonSchema().meta({ id: "Goal" }));

const EVENT_DESCRIPTION =
  "One line of `mini-codex exec --json` (docs/config.md, \"exec --json events\"): the Codex CLI's events, with mini-codex's additions.";

export const execEventSchema = lazy(() =>
  z
    .discriminatedUnion("type", [
      z.object({
        type: z.literal("thread.started"),
        thread_id: z.string().meta({ description: "the session id, for `exec resume`" }),
        schema_version: z
          .literal(SCHEMA_VERSION)
          .meta({ description: "the version of this schema; the first event of every run" }),
      }),
      z.object({ type: z.literal("turn.started") }),
      z.object({
        type: z.enum(["item.started", "item.updated", "item.completed"]),
        item: execItemSchema(),
      }),
      z.object({
        type: z.literal("turn.completed"),
        usage: execUsageSchema(),
        cost: execCostSchema(),
        plan_usage: execPlanUsageSchema().optional(),
      }),
      z.object({
        type: z.literal("turn.failed"),
        error: message(),
        plan_usage: execPlanUsageSchema().optional(),
      }),
      z.object({ type: z.literal("error"), message: z.string() }),
      // mini-codex's own (`exec --goal`): the goal set, before its first turn; before each
      // further turn (`turn`: its number, 2 on) with what it spent; its final state
      z.object({ type: z.literal("goal.started"), goal: execGoalSchema() }),
      z.object({ type: z.literal("goal.continued"), turn: count(), goal: execGoalSchema() }),
      z.object({ type: z.literal("goal.finished"), goal: execGoalSchema() }),
    ])
    .meta({ title: "mini-codex exec --json event", description: EVENT_DESCRIPTION }),
);

/** docs/exec-json.schema.json: JSON Schema (draft 2020-12) of one event line. */
export function execJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(execEventSchema(), { io: "output" });
}
