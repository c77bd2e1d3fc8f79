import { z } from "zod";
import { responseItemSchema } from "./items.js";
import { lazy } from "./lazy.js";
import { steerEventSchemas } from "./steer-events.js";

/** Token usage as the server reports it (never estimated locally). */
const usageSchema = () =>
  z.looseObject({
    input_tokens: z.number(),
    input_tokens_details: z.looseObject({ cached_tokens: z.number().optional() }).nullish(),
    output_tokens: z.number(),
    output_tokens_details: z.looseObject({ reasoning_tokens: z.number().optional() }).nullish(),
    total_tokens: z.number().optional(),
  });
export type Usage = z.infer<ReturnType<typeof usageSchema>>;

/** Flat usage figures used by the ledger, the status bar and exec. */
export interface UsageFigures {
  input_tokens: number;
  cached_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
}

export function usageFigures(usage: Usage | undefined | null): UsageFigures | undefined {
  if (!usage) return undefined;
  return {
    input_tokens: usage.input_tokens,
    cached_tokens: usage.input_tokens_details?.cached_tokens ?? 0,
    output_tokens: usage.output_tokens,
    reasoning_tokens: usage.output_tokens_details?.reasoning_tokens ?? 0,
  };
}

const responseObjectSchema = lazy(() =>
  z.looseObject({
    id: z.string(),
    status: z.string().optional(),
    usage: usageSchema().nullish(),
    output: z.array(responseItemSchema()).optional(),
    error: z.looseObject({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
    incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
  }),
);

const itemEvent = <T extends string>(type: T) =>
  z.looseObject({
    type: z.literal(type),
    output_index: z.number().optional(),
    item: responseItemSchema(),
  });
const deltaEvent = <T extends string>(type: T) =>
  z.looseObject({
    type: z.literal(type),
    item_id: z.string().optional(),
    output_index: z.number().optional(),
    call_id: z.string().optional(),
    delta: z.string(),
  });
const looseEvent = <T extends string>(type: T) => z.looseObject({ type: z.literal(type) });
const responseEvent = <T extends string>(type: T) =>
  z.looseObject({ type: z.literal(type), response: responseObjectSchema() });

/** Every server event of docs/protocol.md ("Server events") that mini-codex reads. */
export const knownServerEventSchema = lazy(() =>
  z.discriminatedUnion("type", [
    responseEvent("response.created"),
    responseEvent("response.in_progress"),
    itemEvent("response.output_item.added"),
    itemEvent("response.output_item.done"),
    looseEvent("response.content_part.added"),
    looseEvent("response.content_part.done"),
    deltaEvent("response.output_text.delta"),
    looseEvent("response.output_text.done"),
    deltaEvent("response.function_call_arguments.delta"),
    looseEvent("response.function_call_arguments.done"),
    deltaEvent("response.custom_tool_call_input.delta"),
    looseEvent("response.custom_tool_call_input.done"),
    deltaEvent("response.reasoning_summary_text.delta"),
    looseEvent("response.reasoning_summary_part.added"),
    responseEvent("response.completed"),
    responseEvent("response.failed"),
    responseEvent("response.incomplete"),
    ...steerEventSchemas(),
    z.looseObject({
      type: z.literal("error"),
      status: z.number().optional(),
      error: z
        .looseObject({
          type: z.string().nullish(),
          code: z.string().nullish(),
          message: z.string().nullish(),
          param: z.string().nullish(),
        })
        .optional(),
    }),
  ]),
);
type KnownServerEvent = z.infer<ReturnType<typeof knownServerEventSchema>>;

/** An event type we do not know: passed through, never fatal. */
interface UnknownServerEvent {
  type: "unknown_event";
  raw: { type?: unknown; [key: string]: unknown };
}

export type ServerEvent = KnownServerEvent | UnknownServerEvent;
export type ServerEventOf<T extends ServerEvent["type"]> = Extract<ServerEvent, { type: T }>;

const knownTypes = lazy(
  () => new Set<string>(knownServerEventSchema().options.map((o) => o.shape.type.value)),
);

export class ProtocolError extends Error {
  override readonly name = "ProtocolError";
}

/**
 * Parse one decoded JSON event. Unknown types become `unknown_event`; a known type with a
 * malformed body is a ProtocolError (the message names the event type, never its content).
 */
export function parseServerEvent(raw: unknown): ServerEvent {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new ProtocolError("server event is not a JSON object");
  }
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== "string" || !knownTypes().has(type)) {
    return { type: "unknown_event", raw: raw as UnknownServerEvent["raw"] };
  }
  const parsed = knownServerEventSchema().safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join(".") || "(root)").join(", ");
    throw new ProtocolError(`malformed ${type} event (fields: ${fields})`);
  }
  return parsed.data;
}

/** Parse a JSON text frame / SSE data payload. */
export function parseServerEventJson(text: string): ServerEvent {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ProtocolError(`server sent invalid JSON (${text.length} bytes)`);
  }
  return parseServerEvent(raw);
}

const TERMINAL_EVENT_TYPES = new Set([
  "response.completed",
  "response.failed",
  "response.incomplete",
  "error",
]);

export function isTerminalEvent(event: ServerEvent): boolean {
  return TERMINAL_EVENT_TYPES.has(event.type);
}
