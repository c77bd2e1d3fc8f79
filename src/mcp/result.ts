import { isDeepStrictEqual } from "node:util";
import type { ToolOutput, ToolOutputPart } from "../protocol/index.js";
import { capForModel } from "../tools/index.js";
import { base64Bytes, mcpImagePart } from "./image-content.js";

/** The parts of an MCP `CallToolResult` mini-codex reads (the SDK's type, loosely). */
export interface McpCallResult {
  content?: unknown[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** What a call returns to the model, and whether it failed. */
interface ModelToolResult {
  /** A string unless an image goes with it: a text-only result's bytes never change. */
  output: ToolOutput;
  /** The output for people and for the failure message: images as their labels. */
  text: string;
  isError: boolean;
}

type Block = Record<string, unknown>;

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** One content block as text: text as is, a short note for images, audio and resources. */
function contentBlockText(block: unknown): string {
  if (block === null || typeof block !== "object") return `[unsupported content: ${typeof block}]`;
  const b = block as Block;
  switch (b.type) {
    case "text":
      return str(b.text) ?? "";
    case "image":
    case "audio":
      return `[${b.type}: ${str(b.mimeType) ?? "unknown type"}, ${base64Bytes(str(b.data) ?? "")} bytes]`;
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

const FAILED = "error: the tool reported a failure:";

/** One block for the model: an image as an `input_image` (or why not), the rest as text. */
function blockPart(block: unknown): { part: ToolOutputPart; text: string } {
  const text = contentBlockText(block);
  if ((block as Block | null)?.type !== "image")
    return { part: { type: "input_text", text }, text };
  const part = mcpImagePart(block as Block);
  return { part, text: part.type === "input_text" ? part.text : text };
}

/**
 * A call result as the model sees it: content, then `structuredContent` as JSON. Images go as
 * `input_image` parts (as the Codex CLI sends them); without one the output is the text alone.
 */
export function modelToolResult(result: McpCallResult): ModelToolResult {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const parts = blocks.map(blockPart);
  const structured = result.structuredContent;
  if (structured !== undefined && !repeatsStructured(blocks, structured)) {
    const json = JSON.stringify(structured);
    parts.push({ part: { type: "input_text", text: json }, text: json });
  }
  // capped as exec_command's output is (one cap for whatever a tool puts into history)
  const body = capForModel(parts.map((entry) => entry.text).join("\n"));
  const isError = result.isError === true;
  const text = isError ? `${FAILED} ${body || "(no details)"}` : body === "" ? "(no output)" : body;
  if (!parts.some((entry) => entry.part.type === "input_image"))
    return { output: text, text, isError };
  const sent = parts
    .map((entry) =>
      entry.part.type === "input_text"
        ? { ...entry.part, text: capForModel(entry.part.text) }
        : entry.part,
    )
    .filter((part) => part.type === "input_image" || part.text !== "");
  const output: ToolOutputPart[] = isError ? [{ type: "input_text", text: FAILED }, ...sent] : sent;
  return { output, text, isError };
}
