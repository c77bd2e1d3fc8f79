import type { FunctionToolSpec, ToolOutput } from "../protocol/index.js";
import { sortKeysDeep } from "../protocol/index.js";
import type { ToolContext, ToolDefinition } from "../tools/index.js";
import { ToolInputError } from "../tools/index.js";
import { McpCallError, type McpConnection, type McpToolInfo } from "./connection.js";
import { modelToolResult } from "./result.js";

interface NamedMcpTool extends McpToolInfo {
  /** The function name offered to the model (`mcp__<server>__<tool>`, fitted). */
  name: string;
}

/** The server's input schema as function parameters: an object schema, keys sorted. */
export function mcpToolParameters(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const schema: Record<string, unknown> = { ...inputSchema, type: "object" };
  delete schema.$schema;
  // The API wants `properties` on an object schema; servers with no arguments often omit it.
  if (schema.properties === undefined) schema.properties = {};
  return sortKeysDeep(schema);
}

function mcpToolSpec(tool: NamedMcpTool): FunctionToolSpec {
  return sortKeysDeep({
    type: "function",
    name: tool.name,
    description: tool.description,
    strict: false,
    parameters: mcpToolParameters(tool.inputSchema),
  });
}

/** The call's arguments: a JSON object (empty text is `{}`). */
function parseMcpArguments(name: string, text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim() === "" ? "{}" : text);
  } catch (error) {
    throw new ToolInputError(
      `failed to parse arguments of ${name} as JSON: ${(error as Error).message}`,
    );
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ToolInputError(`invalid arguments for ${name}: expected a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/**
 * A registry entry that forwards calls to the server and reports them as mcp_call events; the
 * gate judges each call (server, tool, arguments, read-only hint) before it goes out.
 */
export function mcpToolDefinition(
  tool: NamedMcpTool,
  connection: McpConnection,
): ToolDefinition<Record<string, unknown>> {
  return {
    name: tool.name,
    spec: mcpToolSpec(tool),
    async plan(input) {
      const args = parseMcpArguments(tool.name, input);
      const { server, readOnly } = tool;
      return {
        needs: { kind: "mcp_tool", server, tool: tool.tool, arguments: input, readOnly },
        args,
      };
    },
    run: async ({ args }, ctx) => ({ output: await callServer(tool, connection, args, ctx) }),
  };
}

/** One call to the server: its result for the model, mcp_call events for the person. */
async function callServer(
  tool: NamedMcpTool,
  connection: McpConnection,
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<ToolOutput> {
  const base = { callId: ctx.callId, server: tool.server, tool: tool.tool, arguments: args };
  ctx.emit({ type: "mcp_call_started", ...base });
  const started = Date.now();
  try {
    const result = await connection.call(tool.tool, args, ctx.signal);
    const forModel = modelToolResult(result);
    ctx.emit({
      type: "mcp_call_finished",
      ...base,
      durationMs: Date.now() - started,
      result: {
        content: Array.isArray(result.content) ? result.content : [],
        ...(result.structuredContent !== undefined
          ? { structuredContent: result.structuredContent }
          : {}),
      },
      ...(forModel.isError ? { error: forModel.text } : { modelText: forModel.text }),
    });
    return forModel.output;
  } catch (error) {
    const message =
      error instanceof McpCallError
        ? error.message
        : `MCP tool ${tool.server}/${tool.tool} failed: ${(error as Error).message}`;
    ctx.emit({
      type: "mcp_call_finished",
      ...base,
      durationMs: Date.now() - started,
      error: message,
    });
    return `error: ${message}`;
  }
}
