import { describe, expect, test } from "vitest";
import { assignToolNames, qualifiedToolName } from "../../src/mcp/naming.js";
import { modelToolResult } from "../../src/mcp/result.js";
import { TOOL_IMAGE_MAX_BYTES } from "../../src/tools/image-file.js";
import { PNG, PNG_DATA_URL } from "../tools/images.js";

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
      }).output,
    ).toBe('sum computed\n{"sum":3}');
    expect(
      modelToolResult({
        content: [{ type: "text", text: '{"sum": 3}' }],
        structuredContent: { sum: 3 },
      }).output,
    ).toBe('{"sum": 3}');
  });

  test("an image goes as an input_image data URL, between its text parts, in order", () => {
    const data = PNG.toString("base64");
    const result = modelToolResult({
      content: [
        { type: "text", text: "here it is:" },
        { type: "image", mimeType: "image/png", data },
        { type: "text", text: "the logo" },
      ],
      structuredContent: { width: 1 },
    });
    expect(result.output).toEqual([
      { type: "input_text", text: "here it is:" },
      { type: "input_image", image_url: `data:image/png;base64,${data}` },
      { type: "input_text", text: "the logo" },
      { type: "input_text", text: '{"width":1}' },
    ]);
    // people read labels: never the bytes
    expect(result.text).toBe(
      `here it is:\n[image: image/png, ${PNG.length} bytes]\nthe logo\n{"width":1}`,
    );
    expect(result.isError).toBe(false);
  });

  test("the bytes decide the type; a data URL in `data` is taken as it is (as the Codex CLI does)", () => {
    const data = PNG.toString("base64");
    const wrongName = modelToolResult({
      content: [{ type: "image", mimeType: "image/jpeg", data }],
    });
    expect(wrongName.output).toEqual([{ type: "input_image", image_url: PNG_DATA_URL }]);
    const url = modelToolResult({ content: [{ type: "image", data: PNG_DATA_URL }] });
    expect(url.output).toEqual([{ type: "input_image", image_url: PNG_DATA_URL }]);
  });

  test("an image the API would refuse is not sent: a text part says why, and a text-only output stays a string", () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString("base64");
    const refused = modelToolResult({
      content: [
        { type: "text", text: "chart:" },
        { type: "image", mimeType: "image/svg+xml", data: svg },
      ],
    });
    expect(refused.output).toBe(
      "chart:\n[image not sent (image/svg+xml): not an image type the model takes (PNG, JPEG, GIF or WebP)]",
    );
    // the one sent next to a refused one goes; the refusal is a text part
    const mixed = modelToolResult({
      content: [
        { type: "image", mimeType: "image/svg+xml", data: svg },
        { type: "image", mimeType: "image/png", data: PNG.toString("base64") },
      ],
    });
    expect(mixed.output).toEqual([
      {
        type: "input_text",
        text: "[image not sent (image/svg+xml): not an image type the model takes (PNG, JPEG, GIF or WebP)]",
      },
      { type: "input_image", image_url: PNG_DATA_URL },
    ]);
  });

  test("an image over the tool-output limit (5 MB) is refused with its size; one at the limit goes", () => {
    const over = TOOL_IMAGE_MAX_BYTES + 3;
    // PNG signature first, then zeros: an image by its bytes, only too large
    const big = Buffer.concat([PNG, Buffer.alloc(over - PNG.length)]);
    const { output } = modelToolResult({
      content: [{ type: "image", mimeType: "image/png", data: big.toString("base64") }],
    });
    expect(output).toBe(
      `[image not sent (image/png): ${over} bytes, more than the 5 MB a tool output may carry]`,
    );
    const exact = Buffer.concat([PNG, Buffer.alloc(TOOL_IMAGE_MAX_BYTES - PNG.length)]);
    const taken = modelToolResult({
      content: [{ type: "image", mimeType: "image/png", data: exact.toString("base64") }],
    }).output;
    expect(Array.isArray(taken) && taken[0]?.type).toBe("input_image");
  });

  test("audio and resources stay short notes, and an all-text result is today's string", () => {
    const { output, text } = modelToolResult({
      content: [
        { type: "audio", mimeType: "audio/wav", data: "AAAA" },
        { type: "resource_link", uri: "file:///a.txt", name: "a.txt" },
        {
          type: "resource",
          resource: { uri: "file:///b.bin", mimeType: "application/zip", blob: "AAAA" },
        },
      ],
    });
    const notes =
      "[audio: audio/wav, 3 bytes]\n[resource link: file:///a.txt (a.txt)]\n[resource: file:///b.bin, application/zip]";
    expect(output).toBe(notes);
    expect(text).toBe(notes);
  });

  test("an isError result with an image: the failure leads, the image still goes", () => {
    const result = modelToolResult({
      content: [
        { type: "text", text: "render failed, last frame:" },
        { type: "image", mimeType: "image/png", data: PNG.toString("base64") },
      ],
      isError: true,
    });
    expect(result.isError).toBe(true);
    expect(result.output).toEqual([
      { type: "input_text", text: "error: the tool reported a failure:" },
      { type: "input_text", text: "render failed, last frame:" },
      { type: "input_image", image_url: PNG_DATA_URL },
    ]);
    expect(result.text).toBe(
      `error: the tool reported a failure: render failed, last frame:\n[image: image/png, ${PNG.length} bytes]`,
    );
  });

  test("isError is a failure, and an empty success says so", () => {
    expect(
      modelToolResult({ content: [{ type: "text", text: "no such file" }], isError: true }),
    ).toEqual({
      output: "error: the tool reported a failure: no such file",
      text: "error: the tool reported a failure: no such file",
      isError: true,
    });
    expect(modelToolResult({ content: [] })).toEqual({
      output: "(no output)",
      text: "(no output)",
      isError: false,
    });
  });
});
