import type { AgentSession, SteerReceipt, SteerState } from "../../session/index.js";
import type { ComposedMessage } from "../model/index.js";
import { append, type PendingSteer, type UiState, withQueue } from "./ui-state.js";

/** Steered messages as the transcript shows them once the conversation has them. */
function shown(steers: readonly PendingSteer[]) {
  return steers.map((m) => ({ kind: "user" as const, text: m.text, steered: true }));
}

/**
 * Steered messages wait below the transcript until a request carries them: then (at the next
 * request, or the turn's end) they go into the transcript, after the answer they interrupted.
 */
export function steersSent(state: UiState): UiState {
  if (state.steers.length === 0) return state;
  return { ...append(state, shown(state.steers)), steers: [] };
}

/**
 * The session moved steered message `id`: `committed` puts it in the transcript now (after the
 * answer it interrupted: `finish` closes that answer's open line first); `sent` and `waiting`
 * say whether Up can still take it back.
 */
export function steerMoved(
  state: UiState,
  id: string,
  to: SteerState,
  finish: (state: UiState) => UiState,
): UiState {
  const steer = state.steers.find((s) => s.id === id);
  if (!steer) return state;
  const rest = state.steers.filter((s) => s !== steer);
  if (to === "committed") return { ...append(finish(state), shown([steer])), steers: rest };
  return {
    ...state,
    steers: state.steers.map((s) => (s === steer ? { ...s, sent: to === "sent" } : s)),
  };
}

/** What Up on an empty composer takes back for editing: the last queued or unsent steer. */
type PendingTaken =
  | { from: "queue"; message: ComposedMessage }
  | { from: "steers"; message: ComposedMessage; id?: string }
  /** The steer shown last cannot be taken back: the session had sent it already. */
  | { from: "sent"; message: ComposedMessage; id?: string };

/**
 * The last message still waiting, taken back: the last queued one, else the last steer shown
 * as unsent — the session takes back exactly that one (by its id), or says it was sent after
 * all. Steers on the socket are skipped (the server has them); when only those are left, the
 * last one comes as `sent` (nothing to take back). Pure but for `unsteer`.
 */
export function takeLastPending(
  state: UiState,
  session: AgentSession | undefined,
): PendingTaken | undefined {
  const queued = state.queue.at(-1);
  if (queued) return { from: "queue", message: queued };
  const steer = state.steers.findLast((s) => !s.sent) ?? state.steers.at(-1);
  if (!steer || (steer.sent && steer.explained)) return undefined;
  const taken = { message: { text: steer.text, images: steer.images }, id: steer.id };
  const back =
    !steer.sent && steer.id !== undefined && session?.unsteer?.(steer.id) === "withdrawn";
  return back ? { from: "steers", ...taken } : { from: "sent", ...taken };
}

/** The pending area's own actions: Enter steered a message, Up took one back. */
export type PendingAction =
  | { type: "steer"; message: ComposedMessage; receipt?: SteerReceipt }
  | { type: "take_pending"; taken: PendingTaken };

export const SENT_STEER_NOTICE =
  "Already sent to the model (steering on the socket): it cannot be taken back.";

export function onPendingAction(state: UiState, action: PendingAction): UiState {
  if (action.type === "steer") {
    const { receipt } = action;
    const steer = receipt
      ? { ...action.message, id: receipt.id, sent: receipt.state === "sent" }
      : action.message;
    return { ...state, steers: [...state.steers, steer] };
  }
  const { taken } = action;
  if (taken.from === "queue") return withQueue(state, state.queue.slice(0, -1));
  const at = state.steers.findIndex((s) => s.id === taken.id);
  if (taken.from === "steers") return { ...state, steers: state.steers.filter((_, i) => i !== at) };
  const steers = state.steers.map((s, i) => (i === at ? { ...s, sent: true, explained: true } : s));
  return append({ ...state, steers }, [{ kind: "notice", level: "info", text: SENT_STEER_NOTICE }]);
}
