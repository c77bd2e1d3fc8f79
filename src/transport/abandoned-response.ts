import { isTerminalEvent, type ServerEvent } from "../protocol/index.js";
import type { EventQueue } from "./event-queue.js";

/**
 * Read the rest of a response its reader gave up on (an interrupted subagent on a shared
 * socket): its events are dropped as they come. True once its terminal event (or an error
 * frame) arrived; false when the socket failed first or it went `idleMs` without an event.
 */
export async function readToEnd<T extends { event: ServerEvent } | { error: Error }>(
  queue: EventQueue<T>,
  idleMs: number,
): Promise<boolean> {
  try {
    for (;;) {
      const delivery = await queue.next(idleMs, undefined, () => true);
      if (!("event" in delivery)) return false;
      const { event } = delivery;
      if (event.type === "error" || isTerminalEvent(event)) return true;
    }
  } catch {
    return false;
  }
}
