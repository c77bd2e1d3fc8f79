import { statSync } from "node:fs";
import { basename } from "node:path";
import { z } from "zod";
import type { ToolOutput } from "../protocol/index.js";
import { imageLabel } from "../protocol/index.js";
import { ToolError } from "./errors.js";
import {
  type FileIdentity,
  IMAGE_FORMATS,
  type ImageFileRead,
  readCheckedImageFile,
  sizeText,
  TOOL_IMAGE_MAX_BYTES,
} from "./image-file.js";
import { defineFunctionTool } from "./registry.js";
import type { ToolContext, ToolDefinition } from "./types.js";
import { maskedFolders, resolveReadablePath } from "./workspace.js";

/** The largest image view_image sends: a tool output's limit (5 MB, why: image-file.ts). */
export const VIEW_IMAGE_MAX_BYTES = TOOL_IMAGE_MAX_BYTES;

interface ViewImageOptions {
  /** The user's home (its credential folders are masked) and the agents' homes. */
  home?: string | undefined;
  hiddenHomes?: readonly string[];
  maxBytes?: number;
}

const ViewImageArgsSchema = z.object({
  path: z
    .string()
    .describe(
      "The image file: relative to the working directory, or absolute inside the workspace.",
    ),
});

/** `view_image {path}`: the model looks at a workspace image, sent back as an `input_image`. */
export function viewImageTool(options: ViewImageOptions = {}): ToolDefinition {
  const maxBytes = options.maxBytes ?? VIEW_IMAGE_MAX_BYTES;
  const masked = maskedFolders(options.home, options.hiddenHomes ?? []);
  return defineFunctionTool({
    name: "view_image",
    description: `Look at an image file in the workspace (${IMAGE_FORMATS}, up to ${sizeText(maxBytes)}): the image itself comes back to you. Use it for screenshots, diagrams and pictures the task makes or needs.`,
    schema: ViewImageArgsSchema,
    async handler(args, ctx): Promise<ToolOutput> {
      try {
        const image = await readWorkspaceImage(args.path, ctx, masked, maxBytes);
        const { mediaType, bytes } = image;
        ctx.emit({
          type: "image_viewed",
          callId: ctx.callId,
          path: args.path,
          image: { mediaType, bytes },
        });
        return [{ type: "input_image", image_url: image.dataUrl }];
      } catch (error) {
        if (!(error instanceof ToolError)) throw error;
        const message = `view_image: ${error.message}`;
        ctx.emit({ type: "image_viewed", callId: ctx.callId, path: args.path, error: message });
        return message;
      }
    },
  });
}

/** The image at `path`: where it is first (the workspace), then what the encoder finds. */
async function readWorkspaceImage(
  path: string,
  ctx: ToolContext,
  masked: readonly string[],
  maxBytes: number,
) {
  const real = await resolveReadablePath(path, ctx, masked);
  const read = checkedImage(real, maxBytes);
  if (read.ok) return read;
  switch (read.reason) {
    case "changed":
      throw new ToolError(`${path} changed while it was checked; it was not read`);
    case "unreadable":
      if (read.code === "ENOENT" || read.code === "ENOTDIR")
        throw new ToolError(`${path}: no such file`);
      // O_NOFOLLOW: the checked real location became a symlink
      if (read.code === "ELOOP")
        throw new ToolError(`${path} changed while it was checked; it was not read`);
      throw new ToolError(`${path}: cannot read it (${read.code})`);
    case "not_file":
      throw new ToolError(`${path} is not a file`);
    case "too_large":
      throw new ToolError(
        `${path} is ${read.bytes} bytes; images up to ${sizeText(read.limit)} can be viewed`,
      );
    case "not_image":
      throw new ToolError(`${path} is not an image the model can view (${IMAGE_FORMATS})`);
  }
}

/** The image at the checked real path, and only if it is still the file a stat of it finds. */
function checkedImage(real: string, maxBytes: number): ImageFileRead {
  let checked: FileIdentity;
  try {
    checked = statSync(real);
  } catch (error) {
    return { ok: false, reason: "unreadable", code: (error as NodeJS.ErrnoException).code ?? "" };
  }
  return readCheckedImageFile(real, checked, maxBytes);
}

/** What the person sees of an image the model viewed: `Viewed [image: a.png, image/png, 70 bytes]`. */
export function viewedImageText(path: string, image: { mediaType: string; bytes: number }): string {
  return `Viewed ${imageLabel(basename(path), image.mediaType, image.bytes)}`;
}
