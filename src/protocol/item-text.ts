// The text a person reads of a model output item: an assistant message, a reasoning summary.
import { messageText, type ResponseItem, reasoningItemSchema } from "./items.js";

/** The one-line summary text of a reasoning item, if it has any. */
export function reasoningText(item: ResponseItem): string | undefined {
  const parsed = reasoningItemSchema().safeParse(item);
  if (!parsed.success) return undefined;
  const text = parsed.data.summary
    .map((part) => part.text)
    .join("\n")
    .trim();
  return text.length > 0 ? text : undefined;
}

export function assistantText(item: ResponseItem): string | undefined {
  if (item.type !== "message" || item.role !== "assistant") return undefined;
  return messageText(item);
}
