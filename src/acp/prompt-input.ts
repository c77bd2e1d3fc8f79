import { fileURLToPath } from "node:url";
import type { ContentBlock } from "@agentclientprotocol/sdk";
import type { MessageImage } from "../protocol/index.js";

// A `session/prompt`'s content blocks as one user message: text in order, images where they
// stand, a link or an embedded file as an `@path` mention where it stands and an embedded file's
// text after the message (as an editor's "@file" context).

interface PromptInput {
  text: string;
  images: MessageImage[];
}

/** A `file://` URI as its path; any other URI as it is. */
function uriPath(uri: string): string {
  if (!uri.startsWith("file://")) return uri;
  try {
    return fileURLToPath(uri);
  } catch {
    return uri;
  }
}

function dataUrl(mimeType: string, base64: string): string {
  return `data:${mimeType};base64,${base64}`;
}

export function promptInput(blocks: readonly ContentBlock[]): PromptInput {
  let text = "";
  const images: MessageImage[] = [];
  const context: string[] = [];
  const mention = (uri: string) => {
    const path = uriPath(uri);
    text += text === "" || /\s$/.test(text) ? `@${path}` : ` @${path}`;
  };
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        text += block.text;
        break;
      case "image":
        images.push({ url: dataUrl(block.mimeType, block.data), at: text.length });
        break;
      case "resource_link":
        mention(block.uri);
        break;
      case "resource": {
        const resource = block.resource;
        mention(resource.uri);
        if ("text" in resource) {
          context.push(`<context ref="${uriPath(resource.uri)}">\n${resource.text}\n</context>`);
        } else if (resource.mimeType?.startsWith("image/")) {
          images.push({ url: dataUrl(resource.mimeType, resource.blob), at: text.length });
        }
        break;
      }
      default:
        // audio (not advertised) and blocks of a later ACP version: named, not dropped silently
        text += `[${block.type} content is not supported]`;
    }
  }
  if (context.length > 0) text = `${text}\n\n${context.join("\n")}`;
  return { text, images };
}
