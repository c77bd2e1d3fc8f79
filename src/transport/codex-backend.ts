/**
 * The ChatGPT Codex backend's request rules (docs/protocol.md, "The Codex backend"): the
 * headers it requires beside the bearer token, and the turn-state value it routes one turn's
 * requests by. Facts from the Codex CLI 0.171 (its sources and its requests on the wire).
 */

import { TURN_STATE_HEADER } from "../protocol/index.js";

/** What the transports need to speak to the backend (each request's turn state comes with its route). */
export interface CodexBackend {
  /** `session-id`, `thread-id` and `x-client-request-id`: the prompt cache key. */
  threadId: string;
}

/**
 * The sticky-routing value of one turn: the first `x-codex-turn-state` a response of the turn
 * carries is kept and sent back on every later request of that turn (a retry, a tool round, a
 * reconnect's upgrade); a new turn starts without one. Never sent across turns, and never by
 * another agent: each agent's turn has its own (`TurnStates`).
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

/**
 * Whose turn a request belongs to, for its turn state: the session's own turns (`owner` "")
 * or one agent's (its id), and that owner's turn. The Codex CLI keeps the value in a
 * turn-scoped client session, one per thread and turn: a subagent's thread has its own.
 */
export interface TurnScope {
  owner: string;
  turn: number;
}

/**
 * The turn state of every owner that sends requests (the session and each subagent): a
 * request enters its owner's turn, which starts a new value only when that owner's turn
 * changed — a subagent still running from turn N keeps its value while the session's turn
 * N+1 starts without one.
 */
export class TurnStates {
  private readonly owners = new Map<string, TurnState>();

  /** The turn state `scope`'s request sends and captures into. */
  enter(scope: TurnScope): TurnState {
    let state = this.owners.get(scope.owner);
    if (!state) {
      state = new TurnState();
      this.owners.set(scope.owner, state);
    }
    state.enter(scope.turn);
    return state;
  }
}

/** The backend's request headers beside authorization and identity (HTTP and the upgrade). */
export function backendHeaders(
  backend: CodexBackend,
  version: string,
  accountId: string | undefined,
  turnState: TurnState | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    version,
    "session-id": backend.threadId,
    "thread-id": backend.threadId,
    "x-client-request-id": backend.threadId,
  };
  if (accountId) headers["chatgpt-account-id"] = accountId;
  const state = turnState?.value;
  if (state) headers[TURN_STATE_HEADER] = state;
  return headers;
}
