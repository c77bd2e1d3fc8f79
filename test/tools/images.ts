import type { ToolEvent } from "../../src/tools/types.js";

/** A real 1×1 PNG (70 bytes), and its `input_image` data URL. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const PNG_DATA_URL = `data:image/png;base64,${PNG.toString("base64")}`;

/** view_image's events: the PNG sent from `shots/a.png`, and a missing `x.png` refused. */
export const IMAGE_VIEWED: ToolEvent = {
  type: "image_viewed",
  callId: "c1",
  path: "shots/a.png",
  image: { mediaType: "image/png", bytes: PNG.length },
};
export const IMAGE_REFUSED: ToolEvent = {
  type: "image_viewed",
  callId: "c2",
  path: "x.png",
  error: "view_image: x.png: no such file",
};
