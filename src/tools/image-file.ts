import { readFileSync } from "node:fs";
import { extname } from "node:path";

/** Image types the Responses API takes as `input_image`, by file extension. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

/** The largest image sent (the API's own limit is 20 MB per image). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** The media type of an image file the model takes, from its extension; undefined otherwise. */
export function imageMediaType(path: string): string | undefined {
  return IMAGE_TYPES[extname(path).toLowerCase()];
}

export type ImageFileRead =
  | { ok: true; dataUrl: string; mediaType: string; bytes: number }
  | { ok: false; reason: "not_image" }
  | { ok: false; reason: "unreadable"; code: string }
  | { ok: false; reason: "too_large"; bytes: number };

/**
 * One image file as a data URL for an `input_image` part (the one encoder: `-i/--image`, the
 * composer's attachments and `view_image` all use it). Failures are values, the caller words them.
 */
export function readImageFile(path: string): ImageFileRead {
  const mediaType = imageMediaType(path);
  if (!mediaType) return { ok: false, reason: "not_image" };
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return {
      ok: false,
      reason: "unreadable",
      code: (error as NodeJS.ErrnoException).code ?? "unreadable",
    };
  }
  if (bytes.length > MAX_IMAGE_BYTES)
    return { ok: false, reason: "too_large", bytes: bytes.length };
  const dataUrl = `data:${mediaType};base64,${bytes.toString("base64")}`;
  return { ok: true, dataUrl, mediaType, bytes: bytes.length };
}

/** Why a file was not taken, in words for the person ("cannot read it (ENOENT)"). */
export function imageReadProblem(read: Exclude<ImageFileRead, { ok: true }>): string {
  switch (read.reason) {
    case "not_image":
      return `not an image type the model takes (${Object.keys(IMAGE_TYPES).join(", ")})`;
    case "unreadable":
      return `cannot read it (${read.code})`;
    case "too_large":
      return `${read.bytes} bytes, more than 20 MB`;
  }
}
