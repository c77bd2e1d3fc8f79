import type { JsonObject, ResponseItem } from "../../protocol/index.js";
import type { DemoDecision, DemoOutput } from "../model/index.js";
import { cacheableTokens } from "../request/index.js";

/** One server event and how long to wait before sending it. */
export interface StreamStep {
  event: JsonObject & { type: string };
  delayMs?: number;
}

interface StreamPlanOptions {
  responseId: string;
  model: string;
  transport: "ws" | "http";
  inputTokens: number;
  cachedTokens: number;
  newId: (prefix: string) => string;
  /** Unix seconds the response was created. */
  createdAt: number;
  /** The request's settings the response object repeats (instructions, tools, …). */
  settings: JsonObject;
  /** Fields only the completed response carries (`prompt_cache_diagnostics`). */
  completedExtras?: JsonObject;
}

interface StreamPlan {
  steps: StreamStep[];
  /** The output items (as in output_item.done), empty for a failure. */
  outputItems: ResponseItem[];
}

/** Turn the model's decision into the event sequence of docs/protocol.md ("Server events") (pure). */
export function planResponseStream(decision: DemoDecision, opts: StreamPlanOptions): StreamPlan {
  const steps: StreamStep[] = [];
  let sequence = 0;
  const emit = (event: JsonObject & { type: string }, delayMs?: number) => {
    const step: StreamStep = { event: { ...event, sequence_number: sequence++ } };
    if (delayMs) step.delayMs = delayMs;
    steps.push(step);
  };
  const head = (status: string): JsonObject => ({
    id: opts.responseId,
    object: "response",
    created_at: opts.createdAt,
    status,
    error: null,
    incomplete_details: null,
    model: opts.model,
    output: [],
    ...opts.settings,
  });
  emit({ type: "response.created", response: head("in_progress") });
  emit({ type: "response.in_progress", response: head("in_progress") });

  if (decision.kind === "fail") {
    const error = { code: decision.code, message: decision.message };
    emit({ type: "response.failed", response: { ...head("failed"), error } });
    return { steps, outputItems: [] };
  }

  const items: ResponseItem[] = [];
  let reasoningTokens = 0;
  if (decision.reasoningSummary !== undefined) {
    const item = reasoningItem(decision.reasoningSummary, opts, items.length, emit);
    reasoningTokens = Math.ceil(Buffer.byteLength(decision.reasoningSummary) / 4) + 8;
    items.push(item);
  }
  for (const output of decision.outputs) items.push(outputItem(output, opts, items.length, emit));

  const outputTokens = reasoningTokens + Math.ceil(Buffer.byteLength(JSON.stringify(items)) / 4);
  const usage = {
    input_tokens: opts.inputTokens,
    input_tokens_details: {
      cached_tokens: opts.cachedTokens,
      // what this request added to the cache beyond what it found there
      cache_write_tokens: Math.max(0, cacheableTokens(opts.inputTokens) - opts.cachedTokens),
    },
    output_tokens: items.length === 0 ? 0 : outputTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: opts.inputTokens + (items.length === 0 ? 0 : outputTokens),
  };
  const output = opts.transport === "ws" ? [] : items;
  const done = {
    ...head("completed"),
    completed_at: opts.createdAt,
    output,
    usage,
    ...opts.completedExtras,
  };
  emit({ type: "response.completed", response: done });
  return { steps, outputItems: items };
}

type Emit = (event: JsonObject & { type: string }, delayMs?: number) => void;

function reasoningItem(summary: string, opts: StreamPlanOptions, index: number, emit: Emit) {
  const id = opts.newId("rs");
  const encrypted = Buffer.from(`demo-reasoning:${opts.responseId}:${summary}`).toString("base64");
  emit({
    type: "response.output_item.added",
    output_index: index,
    item: { type: "reasoning", id, summary: [] },
  });
  const part = { item_id: id, output_index: index, summary_index: 0 };
  emit({
    type: "response.reasoning_summary_part.added",
    ...part,
    part: { type: "summary_text", text: "" },
  });
  for (const delta of summary.match(/\S+\s*|\s+/g) ?? [summary]) {
    emit({ type: "response.reasoning_summary_text.delta", ...part, delta });
  }
  emit({ type: "response.reasoning_summary_text.done", ...part, text: summary });
  const summaryPart = { type: "summary_text", text: summary };
  emit({ type: "response.reasoning_summary_part.done", ...part, part: summaryPart });
  const item: ResponseItem = {
    type: "reasoning",
    id,
    summary: [{ type: "summary_text", text: summary }],
    encrypted_content: encrypted,
  };
  emit({ type: "response.output_item.done", output_index: index, item });
  return item;
}

function outputItem(output: DemoOutput, opts: StreamPlanOptions, index: number, emit: Emit) {
  switch (output.type) {
    case "message":
      return messageItem(output.deltas, output.delayMs, opts, index, emit);
    case "function_call":
      return toolCallItem("function_call", output, output.arguments, opts, index, emit);
    case "custom_tool_call":
      return toolCallItem("custom_tool_call", output, output.input, opts, index, emit);
    case "web_search_call":
      return webSearchItem(output.query, opts, index, emit);
    case "compaction":
      return compactionItem(output.encrypted, opts, index, emit);
  }
}

/** A compaction item: added, the compacting progress event, done (7.59 shapes). */
function compactionItem(encrypted: string, opts: StreamPlanOptions, index: number, emit: Emit) {
  const id = opts.newId("cmp");
  emit({
    type: "response.output_item.added",
    output_index: index,
    item: { type: "compaction", id, encrypted_content: "" },
  });
  emit({ type: "response.compaction.compacting", item_id: id, output_index: index });
  const item: ResponseItem = { type: "compaction", id, encrypted_content: encrypted };
  emit({ type: "response.output_item.done", output_index: index, item });
  return item;
}

/** A hosted web search: the item, its three progress events, the completed item. */
function webSearchItem(query: string, opts: StreamPlanOptions, index: number, emit: Emit) {
  const id = opts.newId("ws");
  const action = { type: "search", query };
  emit({
    type: "response.output_item.added",
    output_index: index,
    item: { type: "web_search_call", id, status: "in_progress", action },
  });
  for (const phase of ["in_progress", "searching", "completed"]) {
    emit({ type: `response.web_search_call.${phase}`, item_id: id, output_index: index });
  }
  const item: ResponseItem = { type: "web_search_call", id, status: "completed", action };
  emit({ type: "response.output_item.done", output_index: index, item });
  return item;
}

/**
 * Function and custom tool calls stream alike: the payload field, the event prefix and the chunk
 * size differ, and custom ones carry their call_id on every event.
 */
const TOOL_CALL = {
  function_call: {
    idPrefix: "fc",
    field: "arguments",
    events: "response.function_call_arguments",
    chunk: 16,
  },
  custom_tool_call: {
    idPrefix: "ctc",
    field: "input",
    events: "response.custom_tool_call_input",
    chunk: 8,
  },
} as const;

function toolCallItem(
  type: keyof typeof TOOL_CALL,
  { name, namespace }: { name: string; namespace?: string },
  payload: string,
  opts: StreamPlanOptions,
  index: number,
  emit: Emit,
): ResponseItem {
  const shape = TOOL_CALL[type];
  const id = opts.newId(shape.idPrefix);
  const callId = opts.newId("call");
  // a tool declared inside a namespace is called with it (7.59 `namespace` on the call)
  const base = { type, id, call_id: callId, name, ...(namespace ? { namespace } : {}) };
  emit({
    type: "response.output_item.added",
    output_index: index,
    item: { ...base, [shape.field]: "", status: "in_progress" },
  });
  const at = {
    item_id: id,
    ...(type === "custom_tool_call" ? { call_id: callId } : {}),
    output_index: index,
  };
  for (const delta of chunks(payload, shape.chunk)) {
    emit({ type: `${shape.events}.delta`, ...at, delta });
  }
  const named: JsonObject = type === "function_call" ? { name } : {};
  emit({ type: `${shape.events}.done`, ...at, ...named, [shape.field]: payload });
  const item: ResponseItem = { ...base, [shape.field]: payload, status: "completed" };
  emit({ type: "response.output_item.done", output_index: index, item });
  return item;
}

function messageItem(
  deltas: string[],
  delayMs: number | undefined,
  opts: StreamPlanOptions,
  index: number,
  emit: Emit,
): ResponseItem {
  const id = opts.newId("msg");
  const text = deltas.join("");
  emit({
    type: "response.output_item.added",
    output_index: index,
    item: { type: "message", id, role: "assistant", status: "in_progress", content: [] },
  });
  const at = { item_id: id, output_index: index, content_index: 0 };
  emit({
    type: "response.content_part.added",
    ...at,
    part: { type: "output_text", text: "", annotations: [] },
  });
  for (const delta of deltas) {
    emit({ type: "response.output_text.delta", ...at, delta, logprobs: [] }, delayMs);
  }
  emit({ type: "response.output_text.done", ...at, text, logprobs: [] });
  const part = { type: "output_text", text, annotations: [] };
  emit({ type: "response.content_part.done", ...at, part });
  const item: ResponseItem = {
    type: "message",
    id,
    role: "assistant",
    status: "completed",
    content: [part],
  };
  emit({ type: "response.output_item.done", output_index: index, item });
  return item;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
