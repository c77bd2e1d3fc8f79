import { resentItems, type SentRequest } from "../../bench/lib/resent.mjs";
import type { ReasoningEffort } from "../../src/protocol/request.js";
import type { Harness } from "./harness.js";

/** What each request of the session carried, with the output items its response brought. */
export function sentRequests(h: Harness): SentRequest[] {
  const sent: SentRequest[] = [];
  let received = 0;
  for (const event of h.events) {
    if (event.type === "request_started") received = 0;
    if (event.type === "item_completed") received += 1;
    if (event.type === "request_finished") {
      const { lane, itemsTotal, itemsSent, outcome } = event.request;
      const completed = outcome === "completed";
      sent.push({
        lane,
        itemsTotal,
        itemsSent,
        itemsReceived: completed ? received : 0,
        completed,
      });
    }
  }
  return sent;
}

/** `lane mode[:reason] resent=N` for every request, in order. */
export function laneModes(h: Harness): string[] {
  const resent = resentItems(sentRequests(h));
  let i = 0;
  return h.events.flatMap((event) => {
    if (event.type !== "request_finished") return [];
    const { lane, mode, reason } = event.request;
    return [`${lane} ${mode}${reason ? `:${reason}` : ""} resent=${resent[i++]}`];
  });
}

/** The stream_id a recorded WebSocket frame carried, if any. */
export function streamIdOf(body: unknown): string | undefined {
  const value = (body as { stream_id?: unknown } | null)?.stream_id;
  return typeof value === "string" ? value : undefined;
}

export const TOGGLES: ReasoningEffort[] = ["medium", "high", "medium", "high", "medium"];

/** One user turn with a tool call at each effort, changed between turns as `/effort` does. */
export async function toggleSession(h: Harness, efforts = TOGGLES): Promise<boolean[]> {
  const results: boolean[] = [];
  for (const [i, effort] of efforts.entries()) {
    h.session.update({ effort });
    results.push((await h.session.send(`run: echo turn-${i}`)).ok);
  }
  return results;
}
