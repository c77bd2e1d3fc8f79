import type { DemoServer } from "../../src/demo/index.js";
import type { ServerEvent } from "../../src/protocol/events.js";
import { type ResponseItem, userMessage } from "../../src/protocol/items.js";
import type { ResponsesRequest, ToolSpec } from "../../src/protocol/request.js";
import type { TransportError } from "../../src/transport/errors.js";
import type { ProviderEndpoint, ResponsesTransport } from "../../src/transport/types.js";

export const SHELL_TOOL: ToolSpec = {
  type: "function",
  name: "shell_command",
  description: "Run a shell command.",
  strict: false,
  parameters: {
    type: "object",
    properties: { command: { type: "string" } },
    required: ["command"],
  },
};
export const PLAN_TOOL: ToolSpec = {
  type: "function",
  name: "update_plan",
  description: "Update the plan.",
  strict: false,
  parameters: { type: "object", properties: { plan: { type: "array" } }, required: ["plan"] },
};
export const PATCH_CUSTOM_TOOL: ToolSpec = {
  type: "custom",
  name: "apply_patch",
  description: "Apply a patch.",
  format: { type: "text" },
};
export const PATCH_FUNCTION_TOOL: ToolSpec = {
  type: "function",
  name: "apply_patch",
  description: "Apply a patch.",
  strict: false,
  parameters: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
};

export function demoRequest(
  input: ResponseItem[] | string,
  extra: Partial<ResponsesRequest> = {},
): ResponsesRequest {
  return {
    model: "demo-model",
    instructions: "You are the demo assistant.",
    input: typeof input === "string" ? [userMessage(input)] : input,
    tools: [SHELL_TOOL, PLAN_TOOL, PATCH_CUSTOM_TOOL],
    tool_choice: "auto",
    parallel_tool_calls: false,
    store: false,
    stream: true,
    prompt_cache_key: "session-test",
    ...extra,
  };
}

export function endpointFor(
  server: DemoServer,
  extra: Partial<ProviderEndpoint> = {},
): ProviderEndpoint {
  return { baseUrl: server.baseUrl, sessionId: "session-test", version: "0.1.0", ...extra };
}

export async function collect(stream: AsyncIterable<ServerEvent>): Promise<ServerEvent[]> {
  const events: ServerEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The output items of a response: its output_item.done items, in order. */
export function doneItems(events: ServerEvent[]): ResponseItem[] {
  return events.flatMap((e) => (e.type === "response.output_item.done" ? [e.item] : []));
}

export function completedId(events: ServerEvent[]): string {
  const last = events.at(-1);
  if (last?.type !== "response.completed") throw new Error(`expected completed, got ${last?.type}`);
  return last.response.id;
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** Stream a slow answer, abort at its first text delta, and return the error it ends with. */
export async function abortAtFirstDelta(transport: ResponsesTransport): Promise<TransportError> {
  const controller = new AbortController();
  return (await rejection(
    (async () => {
      for await (const event of transport.stream(demoRequest("demo:slow 20"), controller.signal)) {
        if (event.type === "response.output_text.delta") controller.abort();
      }
    })(),
  )) as TransportError;
}
