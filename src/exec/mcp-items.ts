import type { ResponseItem } from "../protocol/items.js";
import { webSearchQuery } from "../protocol/web-search.js";
import type { ToolEvent } from "../tools/types.js";

/** The Codex SDK's `McpToolCallItem` (exec --json). */
export interface McpToolCallExecItem {
  id: string;
  type: "mcp_tool_call";
  server: string;
  tool: string;
  arguments: unknown;
  result?: { content: unknown[]; structured_content: unknown };
  error?: { message: string };
  status: "in_progress" | "completed" | "failed";
}

/** The Codex SDK's `WebSearchItem` (exec --json). */
export interface WebSearchExecItem {
  id: string;
  type: "web_search";
  query: string;
}

type McpStarted = Extract<ToolEvent, { type: "mcp_call_started" }>;
type McpFinished = Extract<ToolEvent, { type: "mcp_call_finished" }>;

export function mcpCallStartedItem(id: string, event: McpStarted): McpToolCallExecItem {
  return {
    id,
    type: "mcp_tool_call",
    server: event.server,
    tool: event.tool,
    arguments: event.arguments,
    status: "in_progress",
  };
}

/** A finished call: `result` when the server answered, `error` when it failed (isError too). */
export function mcpCallFinishedItem(id: string, event: McpFinished): McpToolCallExecItem {
  const item = mcpCallStartedItem(id, { ...event, type: "mcp_call_started" });
  if (event.result) {
    item.result = {
      content: event.result.content,
      structured_content: event.result.structuredContent ?? null,
    };
  }
  if (event.error !== undefined) item.error = { message: event.error };
  item.status = event.error === undefined ? "completed" : "failed";
  return item;
}

/** A `web_search_call` model item as exec --json shows it, if it is one. */
export function webSearchItem(id: string, item: ResponseItem): WebSearchExecItem | undefined {
  const query = webSearchQuery(item);
  return query === undefined ? undefined : { id, type: "web_search", query };
}
