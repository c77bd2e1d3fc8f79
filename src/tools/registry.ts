import { z } from "zod";
import { errorMessage } from "../protocol/error-message.js";
import type { ToolCallItem } from "../protocol/items.js";
import { sortKeysDeep } from "../protocol/json.js";
import type { CustomToolSpec, FunctionToolSpec, ToolSpec } from "../protocol/request.js";
import type { ToolOutput } from "../protocol/tool-output.js";
import { ToolError, ToolInputError } from "./errors.js";
import type {
  DiffConsumer,
  ToolContext,
  ToolDefinition,
  ToolEvent,
  ToolRouter,
  ToolSource,
} from "./types.js";

type ConsumerFactory = (callId: string, emit: (event: ToolEvent) => void) => DiffConsumer;

export interface FunctionToolOptions<S extends z.ZodType> {
  name: string;
  description: string;
  schema: S;
  handler(args: z.infer<S>, ctx: ToolContext): Promise<ToolOutput>;
  createDiffConsumer?: ConsumerFactory;
}

export interface CustomToolOptions {
  name: string;
  description: string;
  format?: CustomToolSpec["format"];
  handler(input: string, ctx: ToolContext): Promise<ToolOutput>;
  createDiffConsumer?: ConsumerFactory;
}

/** JSON schema of a zod schema as tool parameters: no `$schema`, keys sorted. */
export function toolParameters(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  delete json.$schema;
  return sortKeysDeep(json);
}

/** Why the arguments failed the schema, in one line a model can act on. */
export function describeSchemaIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(arguments)"}: ${issue.message}`)
    .join("; ");
}

export function defineFunctionTool<S extends z.ZodType>(
  options: FunctionToolOptions<S>,
): ToolDefinition {
  const spec: FunctionToolSpec = {
    type: "function",
    name: options.name,
    description: options.description,
    strict: false,
    parameters: toolParameters(options.schema),
  };
  const definition: ToolDefinition = {
    name: options.name,
    spec,
    async run(input, ctx) {
      const args = parseFunctionArguments(options.name, input, options.schema);
      return options.handler(args, ctx);
    },
  };
  if (options.createDiffConsumer) definition.createDiffConsumer = options.createDiffConsumer;
  return definition;
}

export function defineCustomTool(options: CustomToolOptions): ToolDefinition {
  const spec: CustomToolSpec = {
    type: "custom",
    name: options.name,
    description: options.description,
    ...(options.format ? { format: options.format } : {}),
  };
  const definition: ToolDefinition = {
    name: options.name,
    spec,
    run: (input, ctx) => options.handler(input, ctx),
  };
  if (options.createDiffConsumer) definition.createDiffConsumer = options.createDiffConsumer;
  return definition;
}

/** Parse and validate a function call's `arguments` text; throws ToolInputError naming the problem. */
export function parseFunctionArguments<S extends z.ZodType>(
  toolName: string,
  text: string,
  schema: S,
): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text.trim() === "" ? "{}" : text);
  } catch (error) {
    const why = errorMessage(error);
    throw new ToolInputError(`failed to parse arguments of ${toolName} as JSON: ${why}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new ToolInputError(
      `invalid arguments for ${toolName}: ${describeSchemaIssues(parsed.error)}`,
    );
  }
  return parsed.data;
}

/**
 * A custom tool called as a function gets the `input` string of `{"input": "..."}` (or of a JSON
 * string); text that is not JSON is the input itself; other JSON is named as the problem.
 */
function functionInput(tool: ToolDefinition, args: string): string {
  if (tool.spec.type !== "custom") return args;
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    return args;
  }
  if (typeof parsed === "string") return parsed;
  const input = (parsed as { input?: unknown } | null)?.input;
  if (typeof input === "string") return input;
  throw new ToolInputError(
    `invalid arguments for ${tool.name}: expected {"input": "<text>"}, got ${describeJson(parsed)}`,
  );
}

function describeJson(value: unknown): string {
  if (value === null || typeof value !== "object") return `JSON ${JSON.stringify(value)}`;
  if (Array.isArray(value)) return "an array";
  return "an object without a string `input`";
}

/**
 * A set of tools, routed by name. `specs()` lists the registered tools in registration order,
 * then each source's tools in the order the source gives (MCP: by server and tool).
 */
export class ToolRegistry implements ToolRouter {
  private readonly tools = new Map<string, ToolDefinition>();
  private readonly sources: ToolSource[] = [];
  private cachedSpecs: ToolSpec[] | undefined;

  constructor(tools: ToolDefinition[] = []) {
    for (const tool of tools) this.register(tool);
  }

  register(tool: ToolDefinition): this {
    if (this.tools.has(tool.name)) throw new ToolError(`tool ${tool.name} is registered twice`);
    this.tools.set(tool.name, tool);
    this.cachedSpecs = undefined;
    return this;
  }

  /** Tools that change at run time; their names must not clash with registered tools. */
  addSource(source: ToolSource): this {
    this.sources.push(source);
    return this;
  }

  get(name: string): ToolDefinition | undefined {
    const tool = this.tools.get(name);
    if (tool) return tool;
    for (const source of this.sources) {
      const found = source.definitions().find((definition) => definition.name === name);
      if (found) return found;
    }
    return undefined;
  }

  names(): string[] {
    return [...this.tools.keys(), ...this.sourceTools().map((tool) => tool.name)];
  }

  specs(): ToolSpec[] {
    this.cachedSpecs ??= [...this.tools.values()].map((tool) => sortKeysDeep(tool.spec));
    const fromSources = this.sourceTools().map((tool) => sortKeysDeep(tool.spec));
    return [...this.cachedSpecs, ...fromSources].map((spec) => structuredClone(spec));
  }

  private sourceTools(): ToolDefinition[] {
    return this.sources.flatMap((source) => source.definitions());
  }

  async execute(call: ToolCallItem, ctx: ToolContext): Promise<ToolOutput> {
    const tool = this.get(call.name);
    if (!tool) {
      const known = this.names().join(", ") || "none";
      return `unsupported call: tool "${call.name}" does not exist (available tools: ${known})`;
    }
    try {
      const input =
        call.type === "function_call" ? functionInput(tool, call.arguments) : call.input;
      return await tool.run(input, ctx);
    } catch (error) {
      if (error instanceof ToolError) return error.message;
      const why = errorMessage(error);
      return `error: ${call.name} failed: ${why}`;
    }
  }

  createDiffConsumer(
    call: { type: string; name: string; call_id: string },
    emit: (event: ToolEvent) => void,
  ): DiffConsumer | undefined {
    if (call.type !== "custom_tool_call") return undefined;
    const tool = this.get(call.name);
    return tool?.createDiffConsumer?.(call.call_id, emit);
  }
}
