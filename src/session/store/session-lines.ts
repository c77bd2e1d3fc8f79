import type { ResponseItem } from "../../protocol/index.js";

/** An item as a line holds it: an object with a string `type` (checked by hand: 10 000+ lines). */
function isItem(value: unknown): value is ResponseItem {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === "string"
  );
}

/** The item of an `item` line, or undefined for any other line (the common case, checked first). */
export function itemOfLine(value: unknown): ResponseItem | undefined {
  const line = value as { type?: unknown; item?: unknown } | null;
  return line?.type === "item" && isItem(line.item) ? line.item : undefined;
}

/** The items of an `item` or `history_replaced` line, or undefined for any other line. */
export function lineItems(value: unknown): { replace: boolean; items: ResponseItem[] } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const item = itemOfLine(value);
  if (item) return { replace: false, items: [item] };
  const line = value as { type?: unknown; items?: unknown };
  if (line.type === "history_replaced" && Array.isArray(line.items) && line.items.every(isItem))
    return { replace: true, items: line.items };
  return undefined;
}
