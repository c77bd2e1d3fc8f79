import { describe, expect, test } from "vitest";
import { mcpToolParameters } from "../../src/mcp/tools.js";

describe("MCP tool specs", () => {
  test("input schemas become sorted object parameters", () => {
    const params = mcpToolParameters({
      type: "object",
      $schema: "http://json-schema.org/draft-07/schema#",
      required: ["b"],
      properties: { b: { type: "string" }, a: { type: "number" } },
    });
    expect(JSON.stringify(params)).toBe(
      '{"properties":{"a":{"type":"number"},"b":{"type":"string"}},"required":["b"],"type":"object"}',
    );
    expect(mcpToolParameters({ type: "object" })).toEqual({ properties: {}, type: "object" });
  });
});
