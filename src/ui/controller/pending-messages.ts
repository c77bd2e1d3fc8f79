import type { AgentSession } from "../../session/api.js";
import type { ComposedMessage } from "../input/paste-collapse.js";
import { append, type UiState } from "./ui-state.js";

/**
 * Steered messages wait below the transcript until a request carries them: then (at the next
 * request, or the turn's end) they go into the transcript, after the answer they interrupted.
 */
export function steersSent(state: UiState): UiState {
  if (state.steers.length === 0) return state;
  const entries = state.steers.map((m) => ({ kind: "user" as const, text: m.text, steered: true }));
  return { ...append(state, entries), steers: [] };
}

/** What Up on an empty composer takes back for editing: the last queued or unsent steer. */
export type PendingTaken = { from: "queue" | "steers"; message: ComposedMessage };

/**
 * The last message still waiting (queued, or steered and not carried yet), taken back; a steer
 * the session already sent stays where it is. Pure but for the session's `unsteer`.
 */
export function takeLastPending(
  state: UiState,
  session: AgentSession | undefined,
): PendingTaken | undefined {
  const queued = state.queue.at(-1);
  if (queued) return { from: "queue", message: queued };
  const steered = state.steers.at(-1);
  if (steered && session?.unsteer?.()) return { from: "steers", message: steered };
  return undefined;
}
