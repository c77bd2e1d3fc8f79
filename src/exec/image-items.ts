import type { ToolEvent } from "../tools/types.js";

/** `exec --json`'s item for a view_image call: what was sent (never the bytes), or why not. */
export interface ImageViewExecItem {
  id: string;
  type: "image_view";
  path: string;
  media_type?: string;
  bytes?: number;
  status: "completed" | "failed";
  error?: { message: string };
}

export function imageViewItem(
  id: string,
  event: Extract<ToolEvent, { type: "image_viewed" }>,
): ImageViewExecItem {
  const base = { id, type: "image_view" as const, path: event.path };
  if (!event.image) return { ...base, status: "failed", error: { message: event.error ?? "" } };
  const { mediaType, bytes } = event.image;
  return { ...base, media_type: mediaType, bytes, status: "completed" };
}
