import type { ResponseItem } from "../protocol/index.js";
import { webSearchQuery } from "../protocol/index.js";
import type { ToolEvent } from "../tools/index.js";
import type { ExecItem } from "./exec-event-types.js";

/** The Codex SDK's `McpToolCallItem` (exec --json). */
export type McpToolCallExecItem = Extract<ExecItem, { type: "mcp_tool_call" }>;

/** The Codex SDK's `WebSearchItem` (exec --json). */
type WebSearchExecItem = Extract<ExecItem, { type: "web_search" }>;

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
