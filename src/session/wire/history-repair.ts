import {
  ABORTED_OUTPUT,
  type ResponseItem,
  type ToolCallItem,
  toolOutputFor,
} from "../../protocol/index.js";
import { ResponseFailed } from "./response-stream.js";

const OUTPUT_TYPES = new Set(["function_call_output", "custom_tool_call_output"]);
const isCallOrOutput = (item: ResponseItem) =>
  item.type === "function_call" || item.type === "custom_tool_call" || OUTPUT_TYPES.has(item.type);

/** The item as a tool call when it is a well-formed one (asToolCall's test, without a copy). */
function toolCallOf(item: ResponseItem): ToolCallItem | undefined {
  const field = item.type === "function_call" ? "arguments" : "input";
  if (item.type !== "function_call" && item.type !== "custom_tool_call") return undefined;
  const ok =
    typeof item.call_id === "string" &&
    typeof item.name === "string" &&
    typeof item[field] === "string" &&
    (item.id === undefined || typeof item.id === "string");
  return ok ? (item as ToolCallItem) : undefined;
}

/** A saved history that cannot be sent as it is, and why. */
export class InconsistentHistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InconsistentHistoryError";
  }
}

interface RepairedHistory {
  history: ResponseItem[];
  /** The `aborted` outputs given to calls that had none (a crash during the call). */
  added: ResponseItem[];
  /** The added outputs all come after the last saved item (they can be appended as they are). */
  atEnd: boolean;
}

/**
 * Pair every tool call with an output, as the Responses API requires: a call whose output was
 * lost (the process died while it ran) gets the `aborted` output an interrupt records, placed
 * after the calls and outputs around it; `outputFor` may give a call another output (what an
 * interrupted patch did write). An output whose call is missing cannot be repaired. Pure when
 * `outputFor` is.
 */
export function repairHistory(
  history: readonly ResponseItem[],
  outputFor: (callId: string) => string | undefined = () => undefined,
): RepairedHistory {
  const calls = new Set<string>();
  const answered = new Set<string>();
  const callOf = history.map(toolCallOf); // once each: a resumed history has 10 000+ items
  // indexed loops: an entries() iterator allocated a pair per item before it was optimized
  for (let i = 0; i < history.length; i++) {
    const item = history[i] as ResponseItem;
    const call = callOf[i];
    if (!call && (item.type === "function_call" || item.type === "custom_tool_call")) {
      throw new InconsistentHistoryError(`a ${item.type} item is malformed (no call_id or name)`);
    }
    if (call) {
      if (calls.has(call.call_id)) {
        throw new InconsistentHistoryError(
          `two tool calls share the call_id ${JSON.stringify(call.call_id)}`,
        );
      }
      calls.add(call.call_id);
    } else if (OUTPUT_TYPES.has(item.type)) {
      const id = typeof item.call_id === "string" ? item.call_id : "";
      if (!calls.has(id)) {
        throw new InconsistentHistoryError(
          `a tool output (call_id ${JSON.stringify(id)}) has no call before it`,
        );
      }
      answered.add(id);
    }
  }
  const out: ResponseItem[] = [];
  const added: ResponseItem[] = [];
  let pending: ResponseItem[] = [];
  let lastAddedAt = -1;
  for (let i = 0; i < history.length; i++) {
    const item = history[i] as ResponseItem;
    const call = callOf[i];
    if (pending.length > 0 && !isCallOrOutput(item)) {
      // the run of calls and outputs ended: the unanswered ones get their output here
      out.push(...pending);
      pending = [];
      lastAddedAt = i;
    }
    out.push(item);
    if (call && !answered.has(call.call_id)) {
      const output = toolOutputFor(call, outputFor(call.call_id) ?? ABORTED_OUTPUT);
      pending.push(output);
      added.push(output);
    }
  }
  out.push(...pending);
  return { history: out, added, atEnd: lastAddedAt < 0 };
}

/**
 * Why a response's tool calls cannot be kept, or undefined when they can: each call needs a
 * call_id, and one not used before in the conversation nor twice in the response (an output
 * could not say which call it answers, and a saved history like that could never be resumed).
 * Pure.
 */
function callIdProblem(
  items: readonly ResponseItem[],
  earlier: readonly ResponseItem[],
): string | undefined {
  const seen = new Set<string>();
  for (const item of earlier) {
    const call = toolCallOf(item);
    if (call) seen.add(call.call_id);
  }
  for (const item of items) {
    if (item.type !== "function_call" && item.type !== "custom_tool_call") continue;
    const call = toolCallOf(item);
    if (!call || call.call_id === "") return `a ${item.type} without a call_id or name`;
    if (seen.has(call.call_id))
      return `a second tool call with call_id ${JSON.stringify(call.call_id)}`;
    seen.add(call.call_id);
  }
  return undefined;
}

/** A response whose tool calls lack or reuse call ids fails whole: none of it is kept or run. */
export function refuseBadCallIds(
  items: readonly ResponseItem[],
  earlier: readonly ResponseItem[],
): void {
  const problem = callIdProblem(items, earlier);
  if (problem) {
    throw new ResponseFailed(`the server sent ${problem}: its response was not used`, "failed");
  }
}
