import { resolve } from "node:path";
import { imageReadProblem, readImageFile } from "../tools/image-file.js";
import { UsageError } from "./errors.js";

/**
 * `-i/--image FILE` (repeatable): each file as a data URL for an `input_image` part, its type
 * from the extension. A missing, unreadable, too large or non-image file is a usage error.
 */
export function imageDataUrls(files: readonly string[], cwd: string): string[] {
  return files.map((file) => {
    const read = readImageFile(resolve(cwd, file));
    if (!read.ok) throw new UsageError(`--image ${file}: ${imageReadProblem(read)}`);
    return read.dataUrl;
  });
}
