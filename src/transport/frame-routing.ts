import { ProtocolError, parseServerEvent, type ServerEvent } from "../protocol/index.js";
import { TransportError } from "./errors.js";
import type { EventQueue } from "./event-queue.js";

/** An event and whether it echoed the `stream_id` of the lane it was routed to. */
export type Delivery = { event: ServerEvent; echoed: boolean } | { error: TransportError };

const fatal = { kind: "fatal" } as const;

/**
 * Where one WebSocket frame goes: the reading lane whose `stream_id` it echoes (an event that
 * echoes none while only one lane reads is that lane's: the server ignored `stream_id`), with
 * the parsed event or its parse error; `invalid` when it is not JSON (every reader fails);
 * undefined when no lane reads it (dropped).
 */
export function routeFrame(
  text: string,
  routes: ReadonlyMap<string, EventQueue<Delivery>>,
  defaultRoute: string,
): { queue: EventQueue<Delivery>; delivery: Delivery } | { invalid: TransportError } | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {
      invalid: new TransportError(`server sent invalid JSON (${text.length} bytes)`, fatal),
    };
  }
  const echo = (raw as { stream_id?: unknown } | null)?.stream_id;
  const echoed = typeof echo === "string" ? echo : undefined;
  let queue = routes.get(echoed ?? defaultRoute);
  if (!queue && echoed === undefined && routes.size === 1) {
    queue = routes.values().next().value; // a named lane's event without its echo
  }
  if (!queue) return undefined;
  try {
    return { queue, delivery: { event: parseServerEvent(raw), echoed: echoed !== undefined } };
  } catch (error) {
    const message = error instanceof ProtocolError ? error.message : "malformed frame";
    return { queue, delivery: { error: new TransportError(message, fatal) } };
  }
}
