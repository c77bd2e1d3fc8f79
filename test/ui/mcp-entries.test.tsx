import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { modelToolResult } from "../../src/mcp/result.js";
import type { SessionEvent } from "../../src/session/events.js";
import { mcpStatusRows } from "../../src/ui/commands/info/mcp.js";
import { uiReducer } from "../../src/ui/controller/state.js";
import { initialState, type UiState } from "../../src/ui/controller/ui-state.js";
import { describeNext } from "../../src/ui/labels/request-labels.js";
import { EntryView } from "../../src/ui/transcript/entry-view.js";
import { PNG } from "../tools/images.js";
import { plain } from "./ink-helpers.js";

function play(events: SessionEvent[], state: UiState = initialState()) {
  return events.reduce((s, event) => uiReducer(s, { type: "session", event }), state);
}

const started: SessionEvent = {
  type: "tool",
  event: {
    type: "mcp_call_started",
    callId: "c1",
    server: "docs",
    tool: "search",
    arguments: { q: "zod" },
  },
};

function finished(extra: object): SessionEvent {
  return {
    type: "tool",
    event: {
      type: "mcp_call_finished",
      callId: "c1",
      server: "docs",
      tool: "search",
      arguments: { q: "zod" },
      durationMs: 1234,
      ...extra,
    },
  };
}

function shown(state: UiState): string {
  const entry = state.entries.at(-1);
  if (!entry) throw new Error("no entry");
  return plain(render(<EntryView entry={entry} width={80} />).lastFrame());
}

describe("MCP calls in the TUI", () => {
  it("a finished call shows server, tool, arguments, result and time, like a command", () => {
    const state = play([
      started,
      finished({
        result: { content: [{ type: "text", text: "3 results\nzod 4.1" }] },
        modelText: "3 results\nzod 4.1",
      }),
    ]);
    const text = shown(state);
    expect(text).toContain('✓ docs.search({"q":"zod"})');
    expect(text).toContain("1.2s");
    expect(text).toContain("3 results");
    expect(text).toContain("zod 4.1");
    // reported: the generic "tool finished" line does not repeat it
    const after = play(
      [
        {
          type: "tool_call_finished",
          callId: "c1",
          name: "mcp__docs__search",
          output: "3 results",
        },
      ],
      state,
    );
    expect(after.entries).toHaveLength(state.entries.length);
  });

  it("an image result shows what the model read: the label, never the bytes", () => {
    const data = PNG.toString("base64");
    const result = modelToolResult({
      content: [
        { type: "text", text: "the chart:" },
        { type: "image", mimeType: "image/png", data },
      ],
    });
    const text = shown(
      play([
        started,
        finished({
          result: { content: [{ type: "image", mimeType: "image/png", data }] },
          modelText: result.text,
        }),
      ]),
    );
    expect(text).toContain("the chart:");
    expect(text).toContain(`[image: image/png, ${PNG.length} bytes]`);
    expect(text).not.toContain(data.slice(0, 24));
  });

  it("a failed call is marked and says why", () => {
    const text = shown(
      play([started, finished({ error: 'MCP server "docs" exited during the call to search' })]),
    );
    expect(text).toContain("✗ docs.search");
    expect(text).toContain("mcp, failed");
    expect(text).toContain('MCP server "docs" exited during the call to search');
  });

  it("a web_search_call item shows what was searched", () => {
    const state = play([
      {
        type: "item_completed",
        item: {
          type: "web_search_call",
          id: "ws_1",
          status: "completed",
          action: { type: "search", query: "zod 4 release" },
        },
      },
    ]);
    expect(shown(state)).toContain("Searched: zod 4 release");
  });

  it("a server's tool-list change previews the next request as full: tools changed", () => {
    const state = play([
      {
        type: "settings_changed",
        model: "demo-model",
        next: { mode: "full", reason: "properties_changed:tools" },
      },
    ]);
    expect(state.status.next && describeNext(state.status.next)).toBe("next: full — tools changed");
  });

  it("/mcp rows: state, tool count, names or the failure", () => {
    expect(
      mcpStatusRows([
        { name: "docs", transport: "stdio", state: "ready", tools: ["search", "read"] },
        {
          name: "web",
          transport: "http",
          state: "failed",
          tools: [],
          error: "did not start within 10 s",
        },
      ]),
    ).toEqual([
      ["docs", "stdio", "ready", "2", "search, read"],
      ["web", "http", "failed", "0", "did not start within 10 s"],
    ]);
  });
});
