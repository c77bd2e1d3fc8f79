import type { ToolOutputPart } from "../protocol/index.js";
import {
  imageFromBytes,
  imageReadProblem,
  sizeText,
  TOOL_IMAGE_MAX_BYTES,
} from "../tools/index.js";

/** An MCP `image` block's payload: base64 `data` (or a whole data URL) and its `mimeType`. */
interface McpImageBlock {
  data?: unknown;
  mimeType?: unknown;
}

/** The base64 payload and the type the server declared (a data URL's own type wins). */
function payloadOf(block: McpImageBlock): { base64: string; declared: string } {
  const data = typeof block.data === "string" ? block.data : "";
  const declared = typeof block.mimeType === "string" ? block.mimeType : "unknown type";
  const url = /^data:([^;,]*);base64,(.*)$/s.exec(data);
  if (url) return { base64: url[2] ?? "", declared: url[1] || declared };
  return { base64: data, declared };
}

/** Decoded size of base64 text without decoding it. */
export function base64Bytes(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

/**
 * An MCP image as the model gets it: an `input_image` data URL, typed and limited like
 * view_image (tools/image-file.ts: PNG/JPEG/GIF/WebP by the bytes, 5 MB), or a text part
 * saying why it was not sent: a bad image would fail every later request that carries it.
 */
export function mcpImagePart(block: McpImageBlock, limit = TOOL_IMAGE_MAX_BYTES): ToolOutputPart {
  const { base64, declared } = payloadOf(block);
  const estimate = base64Bytes(base64.replace(/\s/g, ""));
  // refused from its announced size, before a large payload is decoded
  const image =
    estimate > limit
      ? ({ ok: false, reason: "too_large", bytes: estimate, limit } as const)
      : imageFromBytes(Buffer.from(base64, "base64"), limit);
  if (image.ok) return { type: "input_image", image_url: image.dataUrl };
  const why =
    image.reason === "too_large"
      ? `${image.bytes} bytes, more than the ${sizeText(limit)} a tool output may carry`
      : imageReadProblem(image);
  return { type: "input_text", text: `[image not sent (${declared}): ${why}]` };
}
