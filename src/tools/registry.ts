import { z } from "zod";
import type {
  CustomToolSpec,
  FunctionToolSpec,
  ToolCallItem,
  ToolOutput,
  ToolSpec,
} from "../protocol/index.js";
import { errorMessage, sortKeysDeep } from "../protocol/index.js";
import { ToolError, ToolInputError } from "./errors.js";
import type {
  ApprovedPlan,
  DiffConsumer,
  ToolContext,
  ToolDefinition,
  ToolEvent,
  ToolLookup,
  ToolPlan,
  ToolRouter,
  ToolRun,
  ToolSource,
} from "./types.js";

type ConsumerFactory = (callId: string, emit: (event: ToolEvent) => void) => DiffConsumer;

/**
 * How a tool turns its parsed input into a call: a tool that needs nothing approved gives a
 * `handler`; a tool the gate judges gives `plan` (what the call needs) and `run` (the approved
 * plan), and may report a refusal.
 */
type ToolSteps<In, Args> =
  | { handler(input: In, ctx: ToolContext): Promise<ToolOutput> }
  | {
      plan(input: In, ctx: ToolContext): Promise<ToolPlan<Args>>;
      run(approved: ApprovedPlan<Args>, ctx: ToolContext): Promise<ToolRun>;
      refused?(plan: ToolPlan<Args>, why: string, ctx: ToolContext): void;
    };

type FunctionToolOptions<S extends z.ZodType, Args = z.infer<S>> = {
  name: string;
  description: string;
  schema: S;
  createDiffConsumer?: ConsumerFactory;
} & ToolSteps<z.infer<S>, Args>;

type CustomToolOptions<Args = string> = {
  name: string;
  description: string;
  format?: CustomToolSpec["format"];
  createDiffConsumer?: ConsumerFactory;
} & ToolSteps<string, Args>;

const NOTHING = { kind: "nothing" } as const;

/** A definition's plan, run and refused steps from its options, after `parse` read the raw input. */
function stepsOf<In, Args>(
  steps: ToolSteps<In, Args>,
  parse: (input: string) => In,
): Pick<ToolDefinition<Args>, "plan" | "run" | "refused"> {
  if ("handler" in steps) {
    const handler = steps.handler.bind(steps);
    return {
      plan: async (input) => ({ needs: NOTHING, args: parse(input) as unknown as Args }),
      run: async (approved, ctx) => ({
        output: await handler(approved.args as unknown as In, ctx),
      }),
    };
  }
  return {
    plan: (input, ctx) => steps.plan(parse(input), ctx),
    run: (approved, ctx) => steps.run(approved, ctx),
    ...(steps.refused ? { refused: steps.refused.bind(steps) } : {}),
  };
}

/** JSON schema of a zod schema as tool parameters: no `$schema`, keys sorted. */
function toolParameters(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  delete json.$schema;
  return sortKeysDeep(json);
}

/** Why the arguments failed the schema, in one line a model can act on. */
function describeSchemaIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(arguments)"}: ${issue.message}`)
    .join("; ");
}

export function defineFunctionTool<S extends z.ZodType, Args = z.infer<S>>(
  options: FunctionToolOptions<S, Args>,
): ToolDefinition<Args> {
  const spec: FunctionToolSpec = {
    type: "function",
    name: options.name,
    description: options.description,
    strict: false,
    parameters: toolParameters(options.schema),
  };
  const parse = (input: string) => parseFunctionArguments(options.name, input, options.schema);
  const definition: ToolDefinition<Args> = { name: options.name, spec, ...stepsOf(options, parse) };
  if (options.createDiffConsumer) definition.createDiffConsumer = options.createDiffConsumer;
  return definition;
}

export function defineCustomTool<Args = string>(
  options: CustomToolOptions<Args>,
): ToolDefinition<Args> {
  const spec: CustomToolSpec = {
    type: "custom",
    name: options.name,
    description: options.description,
    ...(options.format ? { format: options.format } : {}),
  };
  const definition: ToolDefinition<Args> = {
    name: options.name,
    spec,
    ...stepsOf(options, (input) => input),
  };
  if (options.createDiffConsumer) definition.createDiffConsumer = options.createDiffConsumer;
  return definition;
}

/** Parse and validate a function call's `arguments` text; throws ToolInputError naming the problem. */
function parseFunctionArguments<S extends z.ZodType>(
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
 * The raw input of a call for its tool's plan: a custom call's `input`, a function call's
 * `arguments`. A custom tool called as a function gets the `input` string of `{"input": "..."}` (or of a JSON
 * string); text that is not JSON is the input itself; other JSON is named as the problem.
 */
export function toolInput(tool: ToolDefinition, call: ToolCallItem): string {
  if (call.type !== "function_call") return call.input;
  const args = call.arguments;
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
 * A table of tools by name (the tool-call pipeline looks calls up here). `specs()` lists the registered tools in registration order,
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

  lookup(name: string): ToolLookup {
    const tool = this.get(name);
    if (tool) return { tool };
    const known = this.names().join(", ") || "none";
    return {
      missing: `unsupported call: tool "${name}" does not exist (available tools: ${known})`,
    };
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

/**
 * One table of `base`'s tools followed by `more` (a session's or a subagent's own tools, then
 * the subagent tools bound to it): looked up in that order, offered in that order.
 */
export function withTools(base: ToolRouter, more: readonly ToolDefinition[]): ToolRouter {
  const byName = new Map(more.map((tool) => [tool.name, tool]));
  return {
    specs: () => [...base.specs(), ...more.map((tool) => sortKeysDeep(tool.spec))],
    lookup: (name) => {
      const tool = byName.get(name);
      return tool ? { tool } : base.lookup(name);
    },
    createDiffConsumer: (call, emit) => base.createDiffConsumer(call, emit),
  };
}
