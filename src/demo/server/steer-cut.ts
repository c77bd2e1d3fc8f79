import type { JsonObject, ResponseItem } from "../../protocol/index.js";
import type { StreamStep } from "./stream.js";

/** How a steered response ends: the closing events and the items it produced. */
interface SteerCut {
  steps: StreamStep[];
  outputItems: ResponseItem[];
}

interface OpenMessage {
  item: JsonObject;
  outputIndex: number;
  text: string;
  partOpen: boolean;
}

/**
 * End a response at a safe output boundary after `sent` of its steps went out: between
 * items, or inside a message's text (the message closes with what was sent, status
 * `incomplete`). Undefined when the next boundary is not safe (a reasoning item or a tool
 * call is open). The response ends `response.incomplete` with reason `steered`. Pure.
 */
export function cutForSteering(
  steps: readonly StreamStep[],
  sent: number,
  transport: "ws" | "http",
): SteerCut | undefined {
  const done: ResponseItem[] = [];
  let open: OpenMessage | undefined;
  let openOther = false;
  for (const { event } of steps.slice(0, sent)) {
    switch (event.type) {
      case "response.output_item.added": {
        const item = event.item as JsonObject;
        if (item.type === "message") {
          open = { item, outputIndex: Number(event.output_index), text: "", partOpen: false };
        } else openOther = true;
        break;
      }
      case "response.content_part.added":
        if (open) open.partOpen = true;
        break;
      case "response.output_text.delta":
        if (open) open.text += String(event.delta);
        break;
      case "response.output_item.done":
        done.push(event.item as ResponseItem);
        open = undefined;
        openOther = false;
        break;
      default:
        break;
    }
  }
  if (openOther) return undefined;
  const first = steps[0]?.event.response as JsonObject | undefined;
  const last = steps[sent - 1]?.event.sequence_number;
  let sequence = typeof last === "number" ? last + 1 : sent;
  const out: StreamStep[] = [];
  const emit = (event: JsonObject & { type: string }) =>
    out.push({ event: { ...event, sequence_number: sequence++ } });
  if (open) done.push(closeMessage(open, emit));
  emit({
    type: "response.incomplete",
    response: {
      ...(first ?? {}),
      status: "incomplete",
      incomplete_details: { reason: "steered" },
      output: transport === "ws" ? [] : done,
      usage: cutUsage(steps, done),
    },
  });
  return { steps: out, outputItems: done };
}

function closeMessage(
  open: OpenMessage,
  emit: (event: JsonObject & { type: string }) => void,
): ResponseItem {
  const at = { item_id: open.item.id ?? null, output_index: open.outputIndex, content_index: 0 };
  const part = { type: "output_text", text: open.text, annotations: [] };
  if (open.partOpen) {
    emit({ type: "response.output_text.done", ...at, text: open.text, logprobs: [] });
    emit({ type: "response.content_part.done", ...at, part });
  }
  const item = {
    ...open.item,
    status: "incomplete",
    content: open.partOpen ? [part] : [],
  } as unknown as ResponseItem;
  emit({ type: "response.output_item.done", output_index: open.outputIndex, item });
  return item;
}

/**
 * What a cut response used: the whole prompt, as the completed response would have reported
 * it, and output for the items it produced (the same estimate as a whole answer's). Pure.
 */
function cutUsage(steps: readonly StreamStep[], done: readonly ResponseItem[]): JsonObject | null {
  const completed = steps.at(-1)?.event;
  const full = (completed?.response as JsonObject | undefined)?.usage as JsonObject | undefined;
  if (completed?.type !== "response.completed" || !full) return null;
  const details = full.output_tokens_details as { reasoning_tokens?: number } | undefined;
  const reasoning = done.some((item) => item.type === "reasoning")
    ? (details?.reasoning_tokens ?? 0)
    : 0;
  const output =
    done.length === 0 ? 0 : reasoning + Math.ceil(Buffer.byteLength(JSON.stringify(done)) / 4);
  const input = Number(full.input_tokens);
  return {
    ...full,
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: input + output,
  };
}
