import type { ToolEvent } from "../tools/index.js";
import type { ExecItem } from "./exec-event-types.js";

/** `exec --json`'s item for a view_image call: what was sent (never the bytes), or why not. */
type ImageViewExecItem = Extract<ExecItem, { type: "image_view" }>;

export function imageViewItem(
  id: string,
  event: Extract<ToolEvent, { type: "image_viewed" }>,
): ImageViewExecItem {
  const base = { id, type: "image_view" as const, path: event.path };
  if (!event.image) return { ...base, status: "failed", error: { message: event.error ?? "" } };
  const { mediaType, bytes } = event.image;
  return { ...base, media_type: mediaType, bytes, status: "completed" };
}
