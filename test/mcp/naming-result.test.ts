import { describe, expect, test } from "vitest";
import { assignToolNames, qualifiedToolName } from "../../src/mcp/naming.js";
import { modelToolResult } from "../../src/mcp/result.js";

describe("MCP tool names", () => {
  test("mcp__<server>__<tool>, invalid characters become _", () => {
    expect(qualifiedToolName("docs", "search", new Set())).toBe("mcp__docs__search");
    expect(qualifiedToolName("docs", "files/read v2", new Set())).toBe("mcp__docs__files_read_v2");
  });

  test("a long name is cut to 64 characters and stays distinct and stable", () => {
    const long = "x".repeat(80);
    const a = qualifiedToolName("srv", `${long}a`, new Set());
    const b = qualifiedToolName("srv", `${long}b`, new Set());
    expect(a).toHaveLength(64);
    expect(a).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(qualifiedToolName("srv", `${long}a`, new Set())).toBe(a);
  });

  test("two tools that sanitize alike get different names, whatever order they come in", () => {
    const tools = [
      { server: "s", tool: "a.b" },
      { server: "s", tool: "a b" },
    ];
    const names = assignToolNames(tools).map((tool) => tool.name);
    expect(new Set(names).size).toBe(2);
    expect(assignToolNames([...tools].reverse()).map((tool) => tool.name)).toEqual(names);
  });
});

describe("MCP results for the model", () => {
  test("text blocks joined; structured content appended unless a text block repeats it", () => {
    expect(
      modelToolResult({
        content: [{ type: "text", text: "sum computed" }],
        structuredContent: { sum: 3 },
      }).text,
    ).toBe('sum computed\n{"sum":3}');
    expect(
      modelToolResult({
        content: [{ type: "text", text: '{"sum": 3}' }],
        structuredContent: { sum: 3 },
      }).text,
    ).toBe('{"sum": 3}');
  });

  test("image, audio and resources become short notes", () => {
    const { text } = modelToolResult({
      content: [
        { type: "image", mimeType: "image/png", data: "aGVsbG8=" },
        { type: "audio", mimeType: "audio/wav", data: "AAAA" },
        { type: "resource_link", uri: "file:///a.txt", name: "a.txt" },
        {
          type: "resource",
          resource: { uri: "file:///b.bin", mimeType: "application/zip", blob: "AAAA" },
        },
      ],
    });
    expect(text).toBe(
      "[image: image/png, 5 bytes]\n[audio: audio/wav, 3 bytes]\n[resource link: file:///a.txt (a.txt)]\n[resource: file:///b.bin, application/zip]",
    );
  });

  test("isError is a failure, and an empty success says so", () => {
    expect(
      modelToolResult({ content: [{ type: "text", text: "no such file" }], isError: true }),
    ).toEqual({
      text: "error: the tool reported a failure: no such file",
      isError: true,
    });
    expect(modelToolResult({ content: [] })).toEqual({ text: "(no output)", isError: false });
  });
});
