/**
 * The ChatGPT Codex backend's request rules (docs/protocol.md, "The Codex backend"): the
 * headers it requires beside the bearer token, and the turn-state value it routes one turn's
 * requests by. Facts from the Codex CLI 0.171 (its sources and its requests on the wire).
 */

import { TURN_STATE_HEADER } from "../protocol/codex-backend.js";

export { TURN_STATE_HEADER };

/** What the transports need to speak to the backend. */
export interface CodexBackend {
  /** `session-id`, `thread-id` and `x-client-request-id`: the prompt cache key. */
  threadId: string;
  /** The turn-state value of the turn in progress (shared by the session's transports). */
  turnState: TurnState;
}

/**
 * The sticky-routing value of one turn: the first `x-codex-turn-state` a response of the turn
 * carries is kept and sent back on every later request of that turn (a retry, a tool round, a
 * reconnect's upgrade); a new turn starts without one. Never sent across turns.
 */
export class TurnState {
  private turn: number | undefined;
  private captured: string | undefined;

  /** A request of `turn` is about to go out: a new turn forgets the old turn's value. */
  enter(turn: number): void {
    if (turn === this.turn) return;
    this.turn = turn;
    this.captured = undefined;
  }

  /** The value to send now, if the turn has one. */
  get value(): string | undefined {
    return this.captured;
  }

  /** A response's header: the first value of a turn wins (later ones are ignored). */
  capture(value: string | null | undefined): void {
    if (this.captured !== undefined || !value) return;
    this.captured = value;
  }
}

/** The backend's request headers beside authorization and identity (HTTP and the upgrade). */
export function backendHeaders(
  backend: CodexBackend,
  version: string,
  accountId: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    version,
    "session-id": backend.threadId,
    "thread-id": backend.threadId,
    "x-client-request-id": backend.threadId,
  };
  if (accountId) headers["chatgpt-account-id"] = accountId;
  const state = backend.turnState.value;
  if (state) headers[TURN_STATE_HEADER] = state;
  return headers;
}
