import { isDeepStrictEqual } from "node:util";

/** The parts of an MCP `CallToolResult` mini-codex reads (the SDK's type, loosely). */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** What a call returns to the model, and whether it failed. */
export interface ModelToolResult {
  text: string;
  isError: boolean;
}

type Block = Record<string, unknown>;

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Base64 payload size in bytes, for the note that replaces it. */
function base64Bytes(data: unknown): number {
  const text = str(data) ?? "";
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

/** One content block as text: text as is, a short note for images, audio and resources. */
export function contentBlockText(block: unknown): string {
  if (block === null || typeof block !== "object") return `[unsupported content: ${typeof block}]`;
  const b = block as Block;
  switch (b.type) {
    case "text":
      return str(b.text) ?? "";
    case "image":
    case "audio":
      return `[${b.type}: ${str(b.mimeType) ?? "unknown type"}, ${base64Bytes(b.data)} bytes]`;
    case "resource_link":
      return `[resource link: ${str(b.uri) ?? "?"}${str(b.name) ? ` (${str(b.name)})` : ""}]`;
    case "resource": {
      const resource = (b.resource ?? {}) as Block;
      const head = `[resource: ${str(resource.uri) ?? "?"}${str(resource.mimeType) ? `, ${str(resource.mimeType)}` : ""}]`;
      const text = str(resource.text);
      return text !== undefined ? `${head}\n${text}` : head;
    }
    default:
      return `[unsupported content: ${String(b.type)}]`;
  }
}

/** Whether a text block already carries the structured content (servers are asked to send both). */
function repeatsStructured(blocks: unknown[], structured: unknown): boolean {
  return blocks.some((block) => {
    const text = (block as Block | null)?.type === "text" ? str((block as Block).text) : undefined;
    if (text === undefined) return false;
    try {
      return isDeepStrictEqual(JSON.parse(text), structured);
    } catch {
      return false;
    }
  });
}

/** A call result as the model sees it: content text, then `structuredContent` as JSON. */
export function modelToolResult(result: McpCallResult): ModelToolResult {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const parts = blocks.map(contentBlockText);
  const structured = result.structuredContent;
  if (structured !== undefined && !repeatsStructured(blocks, structured)) {
    parts.push(JSON.stringify(structured));
  }
  const body = parts.join("\n");
  const isError = result.isError === true;
  if (isError)
    return { text: `error: the tool reported a failure: ${body || "(no details)"}`, isError };
  return { text: body === "" ? "(no output)" : body, isError };
}
