import type { ResponseItem } from "../../protocol/index.js";
import { type ChainHeadView, type PlannedRequest, planWireRequest, type WirePlan } from "./plan.js";

export const DEFAULT_LANE = "default";

/** A completed response a request may continue: what it answered and where it lives. */
export interface ChainHead extends ChainHeadView {
  /** The full logical request the response answered (the planner's `previous`). */
  readonly request: PlannedRequest;
  /** The connection that holds the response (undefined: HTTP). */
  readonly connection: string | undefined;
}

/** Where a chain stands between requests: what the next planning finds. */
type SettledChain =
  /** Nothing to continue: the next request is full for `reason` (none given: `no_baseline`). */
  | { readonly kind: "unchained"; readonly reason?: string }
  /** A completed response heads the chain; a request on its connection may continue it. */
  | { readonly kind: "chained"; readonly head: ChainHead };

/** The state of one lane's response chain (docs/protocol.md, "Lanes"). */
type ChainState =
  | SettledChain
  /** A planning took the head; its request is not handed to a transport yet. */
  | { readonly kind: "planned"; readonly consumed: SettledChain }
  /**
   * A request is out on `connection`: it heads the chain once it completes. `consumed` is what
   * its planning took (a retry of the same request plans from it again); `forced` is why the
   * next request must be full whatever happens to this one (it arrived while in flight).
   */
  | {
      readonly kind: "in_flight";
      readonly request: PlannedRequest;
      readonly connection: string | undefined;
      readonly consumed: SettledChain;
      readonly forced?: string;
    };

const UNCHAINED: SettledChain = { kind: "unchained" };

/**
 * The response chain of one lane: one tagged state (`ChainState`) that only
 * `response.completed` turns into a head and the next planning consumes. Epochs span every
 * lane (lanes.ts). The local history stays the truth; this is only an optimisation.
 */
export class RequestChain {
  private state: ChainState = UNCHAINED;
  /**
   * The last response completed on this chain that the server still holds as the lane's
   * latest (a subagent forked from it continues it on a lane of its own): undefined once a
   * failure, a reset or a force may have cost the server that response.
   */
  private latest: string | undefined;

  constructor(readonly lane: string = DEFAULT_LANE) {}

  /** The chain's state, for tests and diagnostics. */
  get current(): ChainState {
    return this.state;
  }

  /** The response the server holds as this lane's latest, while the client knows it does. */
  get latestResponseId(): string | undefined {
    return this.latest;
  }

  /**
   * A new lane that continues another lane's head (a subagent's fork): the next planning
   * finds `head`, on its connection, as if this chain had completed it.
   */
  continueFrom(head: ChainHead): void {
    this.state = { kind: "chained", head };
  }

  /** Whether a request is in flight on this chain. */
  get inFlight(): boolean {
    return this.state.kind === "in_flight";
  }

  /** Whether the next request is already forced full (e.g. an interrupt cut its stream). */
  get forcedFull(): boolean {
    const state = this.state;
    if (state.kind === "unchained") return state.reason !== undefined;
    return state.kind === "in_flight" && state.forced !== undefined;
  }

  /**
   * What `plan` would decide now, without consuming anything (status bar preview).
   * `forcedReason` is a reason that applies to every lane (an epoch about to end).
   */
  preview(
    current: PlannedRequest,
    transport: "ws" | "http",
    connection?: string,
    forcedReason?: string,
  ): WirePlan {
    const state = this.state;
    if (state.kind === "in_flight") {
      // while a response streams, assume it completes: it will be the baseline
      return planWireRequest({
        transport,
        previous: state.request,
        head: { responseId: "", itemsAdded: [] },
        current,
        forcedReason: state.forced ?? forcedReason,
      });
    }
    return planOn(settledOf(state), current, transport, connection, forcedReason);
  }

  /** Plan the next request on `connection`. Consumes the head. */
  plan(current: PlannedRequest, transport: "ws" | "http", connection?: string): WirePlan {
    const consumed = settledOf(this.state);
    this.state = { kind: "planned", consumed };
    return planOn(consumed, current, transport, connection);
  }

  /** The request was sent on `connection`: it becomes the head once it completes. */
  accepted(request: PlannedRequest, connection?: string): void {
    const state = this.state;
    const consumed = state.kind === "planned" ? state.consumed : settledOf(state);
    const forced = state.kind === "planned" ? undefined : forcedOf(state);
    this.state = {
      kind: "in_flight",
      request,
      connection,
      consumed,
      ...(forced === undefined ? {} : { forced }),
    };
  }

  /**
   * Steering on the socket: what the server holds for the in-flight request grew (the
   * responses that ended for steering and the input their successors committed).
   */
  steered(request: PlannedRequest): void {
    if (this.state.kind === "in_flight") this.state = { ...this.state, request };
  }

  /** `response.completed`: the only way a response becomes the head. */
  completed(responseId: string, itemsAdded: readonly ResponseItem[]): void {
    const state = this.state;
    if (state.kind !== "in_flight") return;
    const { request, connection, forced } = state;
    this.latest = forced === undefined ? responseId : undefined;
    this.state =
      forced === undefined
        ? {
            kind: "chained",
            head: { request, responseId, itemsAdded: [...itemsAdded], connection },
          }
        : { kind: "unchained", reason: forced };
  }

  /**
   * The stream failed before completion: never commit, and force the next request full for
   * `reason` (none: the planner finds `no_baseline`).
   */
  failed(reason?: string): void {
    this.latest = undefined;
    this.state = reason === undefined ? UNCHAINED : { kind: "unchained", reason };
  }

  /**
   * The response was refused on a healthy socket (rate limit): plan the same request again
   * from what its planning took. Only the request in flight is taken back: a reset, a failure
   * or a force since then stands (an epoch reset is never undone), and a head taken back
   * keeps its own connection (continued only there).
   */
  retrySame(): void {
    const state = this.state;
    if (state.kind !== "in_flight") return;
    this.state =
      state.forced === undefined
        ? state.consumed
        : { kind: "unchained", reason: reasonOf(state.consumed) ?? state.forced };
  }

  /** The server no longer holds this chain's head: the next request is full for `reason`. */
  force(reason: string): void {
    this.latest = undefined;
    const state = this.state;
    if (state.kind === "in_flight") {
      this.state = { ...state, forced: state.forced ?? reason };
      return;
    }
    this.state = { kind: "unchained", reason: forcedOf(state) ?? reason };
  }

  /** Drop the head and any request in flight; the next request is full with `reason`. */
  reset(reason: string): void {
    this.latest = undefined;
    this.state = { kind: "unchained", reason };
  }
}

/** What a planning would find in `state` (a planned or in-flight head is already taken). */
function settledOf(state: ChainState): SettledChain {
  if (state.kind === "unchained" || state.kind === "chained") return state;
  if (state.kind === "in_flight" && state.forced !== undefined) {
    return { kind: "unchained", reason: state.forced };
  }
  return UNCHAINED;
}

function reasonOf(state: SettledChain): string | undefined {
  return state.kind === "unchained" ? state.reason : undefined;
}

/** The reason a state already forces the next request full, if any. */
function forcedOf(state: ChainState): string | undefined {
  if (state.kind === "unchained") return state.reason;
  if (state.kind === "in_flight") return state.forced;
  return undefined;
}

/** The pure planner over a settled chain: a head on another connection cannot be continued. */
function planOn(
  state: SettledChain,
  current: PlannedRequest,
  transport: "ws" | "http",
  connection: string | undefined,
  sharedReason?: string,
): WirePlan {
  if (state.kind === "unchained") {
    return planWireRequest({ transport, current, forcedReason: state.reason ?? sharedReason });
  }
  const { head } = state;
  const moved = head.connection !== connection ? "reconnected" : undefined;
  return planWireRequest({
    transport,
    previous: head.request,
    head,
    current,
    forcedReason: moved ?? sharedReason,
  });
}
