import type { JsonObject } from "../../protocol/index.js";
import { type ResponseItem, userMessage } from "../../protocol/index.js";

/** A `response.steer` frame as the server validated it (7.59 `ResponseSteerEvent`). */
interface SteerFrame {
  previousResponseId: string;
  /** The input as user message items (a string is one message). */
  items: ResponseItem[];
}

type SteerParse =
  | { ok: true; frame: SteerFrame }
  | { ok: false; message: string; previousResponseId: string; input: unknown };

const STEER_FIELDS = new Set(["type", "previous_response_id", "input"]);
const MESSAGE_FIELDS = new Set(["type", "role", "content"]);
const PART_TYPES = new Set(["input_text", "input_image", "input_file"]);

/**
 * Check a steer frame as the guide describes it: only `type`, `previous_response_id` and
 * `input`; input a string or a non-empty array of user messages with only `type`, `role` and
 * `content` (text, image or file parts). Tool outputs are not steering input. Pure.
 */
export function parseSteerFrame(body: JsonObject): SteerParse {
  const previous = body.previous_response_id;
  const previousResponseId = typeof previous === "string" ? previous : "";
  const bad = (message: string): SteerParse => ({
    ok: false,
    message,
    previousResponseId,
    input: body.input ?? null,
  });
  const extra = Object.keys(body).find((key) => !STEER_FIELDS.has(key));
  if (extra !== undefined) return bad(`Unknown parameter: '${extra}'.`);
  if (!previousResponseId) return bad("Missing required parameter: 'previous_response_id'.");
  const input = body.input;
  if (typeof input === "string") {
    return input.trim()
      ? { ok: true, frame: { previousResponseId, items: [userMessage(input)] } }
      : bad("Steering input must not be empty.");
  }
  if (!Array.isArray(input) || input.length === 0) {
    return bad("Steering input must be a string or a non-empty array of user messages.");
  }
  const items: ResponseItem[] = [];
  for (const [i, item] of input.entries()) {
    const problem = messageProblem(item);
    if (problem) return bad(`Invalid 'input[${i}]': ${problem}`);
    const message = item as { role: string; content: unknown };
    const content =
      typeof message.content === "string"
        ? [{ type: "input_text", text: message.content }]
        : message.content;
    items.push({ type: "message", role: "user", content } as ResponseItem);
  }
  return { ok: true, frame: { previousResponseId, items } };
}

function messageProblem(item: unknown): string | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return "not an object";
  const fields = item as Record<string, unknown>;
  const extra = Object.keys(fields).find((key) => !MESSAGE_FIELDS.has(key));
  if (extra !== undefined) return `steering messages take only type, role and content ('${extra}')`;
  if (fields.type !== undefined && fields.type !== "message") {
    return "only messages are steering input (tool outputs are not supported)";
  }
  if (fields.role !== "user") return "steering accepts only messages with the user role";
  const content = fields.content;
  if (typeof content === "string") return content.trim() ? undefined : "empty content";
  if (!Array.isArray(content) || content.length === 0) return "content must be text or parts";
  const part = content.find(
    (p) =>
      typeof p !== "object" || p === null || !PART_TYPES.has((p as { type?: string }).type ?? ""),
  );
  return part === undefined ? undefined : "parts must be input_text, input_image or input_file";
}

/** The client-owned outputs a response waits for, as 7.59 `required_input` stubs. Pure. */
export function requiredInputStubs(items: readonly ResponseItem[]): JsonObject[] {
  const stubs: JsonObject[] = [];
  for (const item of items) {
    if (typeof item.call_id !== "string") continue;
    if (item.type === "function_call") {
      stubs.push({ type: "function_call_output", call_id: item.call_id, name: String(item.name) });
    } else if (item.type === "custom_tool_call") {
      stubs.push({ type: "custom_tool_call_output", call_id: item.call_id });
    }
  }
  return stubs;
}
