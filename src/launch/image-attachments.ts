import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { UsageError } from "./errors.js";

/** Image types the Responses API takes as `input_image`, by file extension. */
const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

/** The largest image sent (the API's own limit is 20 MB per image). */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * `-i/--image FILE` (repeatable): each file as a data URL for an `input_image` part, its type
 * from the extension. A missing, unreadable, too large or non-image file is a usage error.
 */
export function imageDataUrls(files: readonly string[], cwd: string): string[] {
  return files.map((file) => {
    const type = IMAGE_TYPES[extname(file).toLowerCase()];
    if (!type) {
      throw new UsageError(
        `--image ${file}: not an image type the model takes (${Object.keys(IMAGE_TYPES).join(", ")})`,
      );
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(resolve(cwd, file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
      throw new UsageError(`--image ${file}: cannot read it (${code})`);
    }
    if (bytes.length > MAX_IMAGE_BYTES) {
      throw new UsageError(`--image ${file}: ${bytes.length} bytes, more than 20 MB`);
    }
    return `data:${type};base64,${bytes.toString("base64")}`;
  });
}
