import { z } from "zod";
import type { JsonObject } from "./json.js";
import { lazy } from "./lazy.js";
import type { ToolOutput } from "./tool-output.js";

/**
 * Conversation items. History keeps every item exactly as received (raw JSON); these schemas
 * validate the members we read and let every other member through untouched.
 */
export type ResponseItem = JsonObject & { type: string };

const messageItemSchema = lazy(() =>
  z.looseObject({
    type: z.literal("message"),
    role: z.enum(["user", "assistant", "developer", "system"]),
    content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
    id: z.string().optional(),
  }),
);

export const reasoningItemSchema = lazy(() =>
  z.looseObject({
    type: z.literal("reasoning"),
    id: z.string().optional(),
    summary: z.array(z.looseObject({ type: z.string(), text: z.string() })).default([]),
    encrypted_content: z.string().nullish(),
  }),
);

const functionCallItemSchema = lazy(() =>
  z.looseObject({
    type: z.literal("function_call"),
    id: z.string().optional(),
    name: z.string(),
    arguments: z.string(),
    call_id: z.string(),
  }),
);

const customToolCallItemSchema = lazy(() =>
  z.looseObject({
    type: z.literal("custom_tool_call"),
    id: z.string().optional(),
    name: z.string(),
    input: z.string(),
    call_id: z.string(),
  }),
);

/** Any item: a JSON object with a string `type`. Unknown item types are kept, never dropped. */
export const responseItemSchema = lazy(
  () => z.looseObject({ type: z.string() }) as unknown as z.ZodType<ResponseItem>,
);

export type FunctionCallItem = z.infer<ReturnType<typeof functionCallItemSchema>>;
type CustomToolCallItem = z.infer<ReturnType<typeof customToolCallItemSchema>>;
export type ToolCallItem = FunctionCallItem | CustomToolCallItem;
export type ToolOutputItem = {
  type: "function_call_output" | "custom_tool_call_output";
  call_id: string;
  output: ToolOutput;
};

/** An image inside a user message: its data URL and the text offset it follows (default: the end). */
export interface MessageImage {
  url: string;
  at?: number;
  /** A text part sent just before the image (`-i/--image` names its file so). */
  mention?: string;
}

/**
 * A user message: the text as `input_text` parts with each image (a data URL, or one placed at
 * an offset) as an `input_image` part where it stands, so "[image: a.png]" is followed by it.
 */
export function userMessage(
  text: string,
  images: readonly (string | MessageImage)[] = [],
): ResponseItem {
  const placed = images
    .map((image) => (typeof image === "string" ? { url: image } : image))
    .map((image) => ({ ...image, at: Math.max(0, Math.min(text.length, image.at ?? text.length)) }))
    .sort((a, b) => a.at - b.at);
  const content: JsonObject[] = [];
  let from = 0;
  for (const { url, at, mention } of placed) {
    if (at > from || content.length === 0)
      content.push({ type: "input_text", text: text.slice(from, at) });
    if (mention !== undefined) content.push({ type: "input_text", text: mention });
    content.push({ type: "input_image", image_url: url });
    from = at;
  }
  if (from < text.length || content.length === 0) {
    content.push({ type: "input_text", text: text.slice(from) });
  }
  return { type: "message", role: "user", content };
}

export function developerMessage(text: string): ResponseItem {
  return { type: "message", role: "developer", content: [{ type: "input_text", text }] };
}

/** The tool call an item carries, if it is one. */
export function asToolCall(item: ResponseItem): ToolCallItem | undefined {
  if (item.type === "function_call") {
    const parsed = functionCallItemSchema().safeParse(item);
    return parsed.success ? parsed.data : undefined;
  }
  if (item.type === "custom_tool_call") {
    const parsed = customToolCallItemSchema().safeParse(item);
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}

/** The output recorded for a call that never ran or never finished (an interrupt, a crash). */
export const ABORTED_OUTPUT = "aborted";

/** The output item that answers a call: same call_id, matching kind. */
export function toolOutputFor(call: ToolCallItem, output: ToolOutput): ToolOutputItem {
  return {
    type: call.type === "function_call" ? "function_call_output" : "custom_tool_call_output",
    call_id: call.call_id,
    output,
  };
}

/** Concatenated text of an assistant message (output_text parts). */
export function messageText(item: ResponseItem): string | undefined {
  const parsed = messageItemSchema().safeParse(item);
  if (!parsed.success) return undefined;
  return parsed.data.content
    .filter((part) => part.type === "output_text" || part.type === "input_text")
    .map((part) => part.text ?? "")
    .join("");
}

/**
 * The text of the last developer message in `history` that starts with `tag` (what the model was
 * told last of it: `<permissions>`, `<collaboration_mode>`), if any.
 */
export function lastDeveloperText(
  history: readonly ResponseItem[],
  tag: string,
): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i] as ResponseItem;
    if (item.type !== "message" || item.role !== "developer") continue;
    const text = messageText(item);
    if (text?.startsWith(tag)) return text;
  }
  return undefined;
}
