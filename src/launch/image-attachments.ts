import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { encodeImage, IMAGE_FORMATS } from "../protocol/image-data.js";
import { UsageError } from "./errors.js";

/** The largest image sent (the API's own limit is 20 MB per image). */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * `-i/--image FILE` (repeatable): each file as a data URL for an `input_image` part, its type
 * from its bytes. A missing, unreadable, too large or non-image file is a usage error.
 */
export function imageDataUrls(files: readonly string[], cwd: string): string[] {
  return files.map((file) => {
    let bytes: Buffer;
    try {
      const path = resolve(cwd, file);
      const size = statSync(path).size;
      if (size > MAX_IMAGE_BYTES)
        throw new UsageError(`--image ${file}: ${size} bytes, more than 20 MB`);
      bytes = readFileSync(path);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
      throw new UsageError(`--image ${file}: cannot read it (${code})`);
    }
    const image = encodeImage(bytes);
    if (!image) {
      throw new UsageError(`--image ${file}: not an image type the model takes (${IMAGE_FORMATS})`);
    }
    return image.dataUrl;
  });
}
