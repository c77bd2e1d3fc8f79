import { describe, expect, it } from "vitest";
import { ExecEventMapper } from "../../src/exec/exec-events.js";
import type { SessionEvent } from "../../src/session/events.js";

const base = { callId: "c1", server: "docs", tool: "search", arguments: { q: "zod" } };

function map(events: SessionEvent[]) {
  const mapper = new ExecEventMapper();
  return events.flatMap((event) => mapper.map(event));
}

describe("exec --json: MCP calls and web searches as the Codex SDK's items", () => {
  it("an mcp_tool_call starts in progress and completes with its result", () => {
    const out = map([
      { type: "tool", event: { type: "mcp_call_started", ...base } },
      {
        type: "tool",
        event: {
          type: "mcp_call_finished",
          ...base,
          durationMs: 5,
          result: { content: [{ type: "text", text: "3 hits" }], structuredContent: { hits: 3 } },
        },
      },
    ]);
    expect(out).toEqual([
      {
        type: "item.started",
        item: {
          id: "item_0",
          type: "mcp_tool_call",
          server: "docs",
          tool: "search",
          arguments: { q: "zod" },
          status: "in_progress",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_0",
          type: "mcp_tool_call",
          server: "docs",
          tool: "search",
          arguments: { q: "zod" },
          result: { content: [{ type: "text", text: "3 hits" }], structured_content: { hits: 3 } },
          status: "completed",
        },
      },
    ]);
  });

  it("a failed call has error.message and status failed; one left open fails at turn end", () => {
    const failed = map([
      { type: "tool", event: { type: "mcp_call_started", ...base } },
      {
        type: "tool",
        event: { type: "mcp_call_finished", ...base, durationMs: 5, error: "timed out" },
      },
    ]);
    expect(failed.at(-1)).toMatchObject({
      item: { id: "item_0", status: "failed", error: { message: "timed out" } },
    });
    const open = map([
      { type: "tool", event: { type: "mcp_call_started", ...base } },
      { type: "turn_failed", turn: 1, message: "interrupted", aborted: true },
    ]);
    expect(open[1]).toMatchObject({
      type: "item.completed",
      item: { id: "item_0", status: "failed" },
    });
  });

  it("a web_search_call item becomes a web_search item with its query", () => {
    const out = map([
      {
        type: "item_completed",
        item: {
          type: "web_search_call",
          id: "ws_1",
          status: "completed",
          action: { type: "search", query: "zod 4" },
        },
      },
    ]);
    expect(out).toEqual([
      { type: "item.completed", item: { id: "item_0", type: "web_search", query: "zod 4" } },
    ]);
  });
});
