import { z } from "zod";
import type { ResponseItem } from "./items.js";

/** The steering submission an event is about (7.59 `ResponseSteer*Event.Steer`). */
const steerRef = () =>
  z.looseObject({ id: z.string().optional(), previous_response_id: z.string() });

/**
 * The three WebSocket steering events of 7.59 (docs/protocol.md, "Steering"): accepted (the
 * server owns the input), pending (it waits for client-owned tool output), failed (the input
 * comes back with a code).
 */
export const steerEventSchemas = () =>
  [
    z.looseObject({ type: z.literal("response.steer.accepted"), steer: steerRef() }),
    z.looseObject({
      type: z.literal("response.steer.pending"),
      reason: z.string(),
      required_input: z.array(z.looseObject({ type: z.string(), call_id: z.string().optional() })),
      steer: steerRef(),
    }),
    z.looseObject({
      type: z.literal("response.steer.failed"),
      error: z.looseObject({ code: z.string(), message: z.string().nullish() }),
      steer: steerRef().extend({ input: z.unknown() }),
    }),
  ] as const;

/** The `response.steer` client frame: only type, previous_response_id and input (no stream_id). */
export function steerFrameText(previousResponseId: string, input: readonly ResponseItem[]): string {
  return JSON.stringify({
    type: "response.steer",
    previous_response_id: previousResponseId,
    input: input.map(({ role, content }) => ({ type: "message", role, content })),
  });
}
