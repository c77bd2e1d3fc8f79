import { z } from "zod";
import type { ToolOutput, ToolSpec } from "../../protocol/index.js";
import type {
  DiffConsumer,
  ToolContext,
  ToolDefinition,
  ToolEvent,
  ToolLookup,
  ToolRouter,
} from "../../tools/index.js";
import { defineFunctionTool } from "../../tools/index.js";

/** Input items of a message (the Codex CLI's shape); text parts are read, others refused. */
const inputItems = z
  .array(
    z
      .object({
        type: z.string().describe("Input item type: text (others are not taken here)."),
        text: z.string().optional().describe("The text, when type is text."),
      })
      .passthrough(),
  )
  .describe("Structured input: a list of text items (use either message or items).");

const spawnArgs = z.object({
  message: z.string().optional().describe("The new agent's task, as plain text."),
  items: inputItems.optional(),
  agent_type: z.string().optional().describe("A name for the kind of agent (shown, not a role)."),
  fork_context: z
    .boolean()
    .optional()
    .describe(
      "true: the agent starts from this whole conversation (a fork, sharing its prompt cache); false or omitted: it starts from the task alone.",
    ),
  model: z.string().optional().describe("Another model for it; omit to keep yours (cheapest)."),
  reasoning_effort: z.string().optional().describe("Another reasoning effort; omit to keep yours."),
  tools: z
    .array(z.string())
    .optional()
    .describe("The tools of an agent started without the conversation (default: all of yours)."),
});

const sendArgs = z.object({
  target: z.string().describe("The agent's id (from spawn_agent)."),
  message: z.string().optional().describe("The follow-up, as plain text."),
  items: inputItems.optional(),
  interrupt: z
    .boolean()
    .optional()
    .describe(
      "true: stop what it does and take this now; false or omitted: after its current turn.",
    ),
});

const waitArgs = z.object({
  targets: z
    .array(z.string())
    .min(1)
    .describe("Agent ids to wait for; it returns when any of them has finished."),
  timeout_ms: z
    .number()
    .optional()
    .describe("How long to wait, in ms (default 30000, at least 10000, at most 3600000)."),
});

const closeArgs = z.object({
  target: z.string().describe("The agent's id (from spawn_agent)."),
});

/** What the subagent tools do, for one calling agent (the manager binds it to its caller). */
export interface AgentControl {
  spawn(args: z.infer<typeof spawnArgs>, ctx: ToolContext): Promise<ToolOutput>;
  send(args: z.infer<typeof sendArgs>, ctx: ToolContext): Promise<ToolOutput>;
  wait(args: z.infer<typeof waitArgs>, ctx: ToolContext): Promise<ToolOutput>;
  close(args: z.infer<typeof closeArgs>, ctx: ToolContext): Promise<ToolOutput>;
}

/**
 * The four tools, in this order, as ordinary tools: offered after the agent's own (the cached
 * prefix of older sessions stays), run by the same tool-call pipeline.
 */
export function agentTools(control: AgentControl): ToolDefinition[] {
  return [
    defineFunctionTool({
      name: "spawn_agent",
      description:
        "Start a subagent on a well-scoped task that can run beside your own work. It runs under your sandbox and approval policy and returns its id. With fork_context true it starts from this conversation (cheap: it shares your prompt cache); else from the task alone. Only when the user asks for subagents, delegation or parallel work.",
      schema: spawnArgs,
      handler: (args, ctx) => control.spawn(args, ctx),
    }),
    defineFunctionTool({
      name: "send_input",
      description:
        "Send a subagent a follow-up message: it runs after its current turn, or at once with interrupt true.",
      schema: sendArgs,
      handler: (args, ctx) => control.send(args, ctx),
    }),
    defineFunctionTool({
      name: "wait_agent",
      description:
        "Wait until one of the given subagents has finished (or the timeout passes). Finished agents come with their status and final message; an empty status means the wait timed out.",
      schema: waitArgs,
      handler: (args, ctx) => control.wait(args, ctx),
    }),
    defineFunctionTool({
      name: "close_agent",
      description:
        "Close a subagent you no longer need (it stops if it still runs) and return its status before.",
      schema: closeArgs,
      handler: (args, ctx) => control.close(args, ctx),
    }),
  ];
}

/** The text of a message or of its text items (the task of spawn_agent, a follow-up). */
export function messageOf(args: {
  message?: string | undefined;
  items?: Array<{ type: string; text?: string | undefined }> | undefined;
}): string {
  const parts = [args.message ?? "", ...(args.items ?? []).map((item) => item.text ?? "")];
  return parts
    .filter((part) => part.trim() !== "")
    .join("\n")
    .trim();
}

/**
 * Some of a tool table's tools (an isolated child's chosen set): the others are neither
 * offered nor found.
 */
export class ToolSubset implements ToolRouter {
  constructor(
    private readonly inner: ToolRouter,
    private readonly names: ReadonlySet<string>,
  ) {}

  specs(): ToolSpec[] {
    return this.inner.specs().filter((spec) => this.names.has(specName(spec)));
  }

  lookup(name: string): ToolLookup {
    if (this.names.has(name)) return this.inner.lookup(name);
    const known = [...this.names].join(", ") || "none";
    return {
      missing: `unsupported call: tool "${name}" is not one of this agent's tools (${known})`,
    };
  }

  createDiffConsumer(
    call: { type: string; name: string; call_id: string },
    emit: (event: ToolEvent) => void,
  ): DiffConsumer | undefined {
    return this.names.has(call.name) ? this.inner.createDiffConsumer(call, emit) : undefined;
  }
}

/** A spec's name (hosted tools are named by their type: `web_search`). */
export function specName(spec: ToolSpec): string {
  const named = spec as { name?: unknown; type: string };
  return typeof named.name === "string" ? named.name : named.type;
}
