import { asToolCall, type ResponseItem } from "../protocol/index.js";
import type { CompletedResponse } from "../session/index.js";
import { skippedOutputs } from "./tool-calls/index.js";
import type { TurnContext } from "./turn-context.js";

/**
 * The output a tool call gets when steering cut its response before the call ran: the server
 * went on to the automatic successor without it, and the person's message changed the course,
 * so it is not run afterwards (docs/protocol.md, "Steering on the socket").
 */
const STEERED_CALL_OUTPUT =
  "aborted: not run, because the response was steered (a message sent into the turn cut it before this call ran)";

/**
 * Steering on the socket (docs/protocol.md, "Steering"): before a response's own items, history
 * gets each response that ended for steering (its items, shown as completed) and the steering
 * input its automatic successor committed — the order the server holds them in. A tool call
 * in a cut response gets its output right after the response's items (the API refuses a call
 * without one), saying it was not run; history then differs from what the server holds, so
 * the next request is full and carries the output.
 */
export function appendSteered(
  response: CompletedResponse,
  deps: Pick<TurnContext, "append" | "emit">,
): void {
  for (const segment of response.steered ?? []) {
    deps.append(segment.items);
    for (const item of segment.items) deps.emit({ type: "item_completed", item });
    const unanswered = unansweredCalls(segment.items);
    deps.append(skippedOutputs(unanswered, STEERED_CALL_OUTPUT));
    for (const call of unanswered) {
      const message = `${call.name} was not run: the response that called it was cut by steering.`;
      deps.emit({ type: "warning", message });
    }
    deps.append(segment.input);
  }
}

/** The tool calls among `items` that no output in them answers. */
function unansweredCalls(items: readonly ResponseItem[]) {
  const calls = items.flatMap((item) => asToolCall(item) ?? []);
  const outputs = new Set(
    items.filter((item) => item.type.endsWith("_output")).map((item) => item.call_id),
  );
  return calls.filter((call) => !outputs.has(call.call_id));
}

/**
 * After a response that stopped for tool output while steering was accepted (`pending`): the
 * server holds that input and puts it before the tool outputs of the next request; history
 * keeps it there, and it is never sent again.
 */
export function appendQueuedSteering(
  response: CompletedResponse,
  deps: Pick<TurnContext, "append">,
): void {
  if (response.queuedSteering?.length) deps.append(response.queuedSteering);
}
