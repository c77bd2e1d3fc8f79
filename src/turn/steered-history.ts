import type { CompletedResponse } from "../session/response-stream.js";
import type { TurnContext } from "./turn-context.js";

/**
 * Steering on the socket (docs/protocol.md, "Steering"): before a response's own items, history
 * gets each response that ended for steering (its items, shown as completed) and the steering
 * input its automatic successor committed — the order the server holds them in.
 */
export function appendSteered(
  response: CompletedResponse,
  deps: Pick<TurnContext, "append" | "emit">,
): void {
  for (const segment of response.steered ?? []) {
    deps.append(segment.items);
    for (const item of segment.items) deps.emit({ type: "item_completed", item });
    deps.append(segment.input);
  }
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
