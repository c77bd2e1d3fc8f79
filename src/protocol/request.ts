import { z } from "zod";
import { REASONING_EFFORTS } from "./efforts.js";
import { responseItemSchema } from "./items.js";
import { lazy } from "./lazy.js";
import { webSearchToolSpecSchema } from "./web-search.js";

export const reasoningEffortSchema = lazy(() => z.enum(REASONING_EFFORTS));
export type ReasoningEffort = z.infer<ReturnType<typeof reasoningEffortSchema>>;

export const reasoningSummarySchema = lazy(() => z.enum(["auto", "concise", "detailed", "none"]));
export type ReasoningSummary = z.infer<ReturnType<typeof reasoningSummarySchema>>;

/** A tool as offered to the model: `function` with JSON-schema parameters, or `custom` with a grammar. */
const functionToolSpecSchema = lazy(() =>
  z.object({
    type: z.literal("function"),
    name: z.string(),
    description: z.string(),
    strict: z.boolean(),
    parameters: z.record(z.string(), z.unknown()),
  }),
);
const customToolSpecSchema = lazy(() =>
  z.object({
    type: z.literal("custom"),
    name: z.string(),
    description: z.string(),
    format: z
      .union([
        z.object({ type: z.literal("text") }),
        z.object({
          type: z.literal("grammar"),
          syntax: z.enum(["lark", "regex"]),
          definition: z.string(),
        }),
      ])
      .optional(),
  }),
);
export const toolSpecSchema = lazy(() =>
  z.discriminatedUnion("type", [
    functionToolSpecSchema(),
    customToolSpecSchema(),
    webSearchToolSpecSchema(),
  ]),
);
export type FunctionToolSpec = z.infer<ReturnType<typeof functionToolSpecSchema>>;
export type CustomToolSpec = z.infer<ReturnType<typeof customToolSpecSchema>>;
export type ToolSpec = z.infer<ReturnType<typeof toolSpecSchema>>;

/**
 * The Responses request body (docs/protocol.md, "The request body"). Every key here needs a compare/ignore decision in
 * the planner's field table; adding one without a decision does not compile.
 */
export const responsesRequestSchema = lazy(() =>
  z.object({
    model: z.string(),
    /** Classic shape only: Responses Lite sends the base instructions as a developer message. */
    instructions: z.string().optional(),
    input: z.array(responseItemSchema()),
    /** Classic shape only: Responses Lite sends tools in `additional_tools` input items. */
    tools: z.array(toolSpecSchema()).optional(),
    tool_choice: z.literal("auto"),
    parallel_tool_calls: z.boolean(),
    reasoning: z
      .object({
        effort: reasoningEffortSchema(),
        summary: reasoningSummarySchema().optional(),
        /** Responses Lite: `all_turns` (reasoning items of earlier turns stay in context). */
        context: z.enum(["auto", "current_turn", "all_turns"]).optional(),
      })
      .optional(),
    store: z.boolean(),
    stream: z.boolean(),
    include: z.array(z.string()).optional(),
    prompt_cache_key: z.string().optional(),
    text: z
      .object({
        format: z
          .object({
            type: z.literal("json_schema"),
            name: z.string(),
            strict: z.boolean(),
            schema: z.record(z.string(), z.unknown()),
          })
          .optional(),
        /** The model's verbosity, for models that take one (the catalog's `verbosity`). */
        verbosity: z.enum(["low", "medium", "high"]).optional(),
      })
      .optional(),
    /**
     * Prompt cache settings (7.59 `prompt_cache_options`): `{mode, ttl}` in the compared body;
     * the wire copy adds `comparison_response_id` and, on the warm-up, `prewarm`.
     */
    prompt_cache_options: z.record(z.string(), z.unknown()).optional(),
    service_tier: z.string().optional(),
    previous_response_id: z.string().optional(),
    generate: z.boolean().optional(),
    client_metadata: z.record(z.string(), z.string()).optional(),
    stream_options: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type ResponsesRequest = z.infer<ReturnType<typeof responsesRequestSchema>>;

/**
 * The WebSocket frame: the request body plus its frame type and, for a named lane, the
 * `stream_id` envelope field (WebSocket only, never part of the body the planner compares).
 */
type ResponseCreateFrame = ResponsesRequest & {
  type: "response.create";
  stream_id?: string;
};

export function toResponseCreateFrame(
  request: ResponsesRequest,
  streamId?: string,
): ResponseCreateFrame {
  return streamId === undefined
    ? { type: "response.create", ...request }
    : { type: "response.create", stream_id: streamId, ...request };
}

const frameTexts = new WeakMap<ResponsesRequest, { streamId?: string; text: string }>();

/**
 * The WebSocket frame text of a request, serialised once per request object and lane: the
 * ledger counts its bytes and the socket sends it.
 */
export function responseCreateFrameText(request: ResponsesRequest, streamId?: string): string {
  const cached = frameTexts.get(request);
  if (cached && cached.streamId === streamId) return cached.text;
  const text = JSON.stringify(toResponseCreateFrame(request, streamId));
  frameTexts.set(request, streamId === undefined ? { text } : { streamId, text });
  return text;
}

/** A `stream_id` the guide allows: 1–256 characters of `[A-Za-z0-9_.-]`. */
export function isValidStreamId(value: string): boolean {
  return /^[A-Za-z0-9_.-]{1,256}$/.test(value);
}
