import { resolve } from "node:path";
import type { MessageImage } from "../../protocol/index.js";
import { imageMention } from "../../protocol/index.js";
import { displayPath, imageReadProblem, readImageFile } from "../../tools/index.js";
import { UsageError } from "../errors.js";

/**
 * `-i/--image FILE` (repeatable): each file as a data URL for an `input_image` part, its type
 * from its bytes, after a text part naming the file (`[image: shots/a.png]`, workspace-relative
 * when inside, else absolute) as the composer names its images, so the model knows which file
 * it is. A missing, unreadable, too large or non-image file is a usage error.
 */
export function imageAttachments(files: readonly string[], cwd: string): MessageImage[] {
  return files.map((file) => {
    const path = resolve(cwd, file);
    const read = readImageFile(path);
    if (!read.ok) throw new UsageError(`--image ${file}: ${imageReadProblem(read)}`);
    return { url: read.dataUrl, mention: imageMention(displayPath(path, cwd)) };
  });
}
