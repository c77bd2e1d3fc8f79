import type { ResponseItem } from "../protocol/items.js";
import { type ChainHeadView, type PlannedRequest, planWireRequest, type WirePlan } from "./plan.js";

export const DEFAULT_LANE = "default";

/**
 * The response chain of one lane: the last accepted full request, the head slot that only
 * `response.completed` fills and the next planning consumes, and the socket the chain is
 * bound to. Epochs span every lane (lanes.ts). The local history stays the truth; this is
 * only an optimisation.
 */
export class RequestChain {
  private previous?: PlannedRequest;
  private head?: ChainHeadView;
  private pending?: PlannedRequest;
  /** The head the last planning consumed, for a retry on the same socket. */
  private consumedHead?: ChainHeadView;
  private consumedPrevious?: PlannedRequest;
  private consumedForced?: string;
  private boundConnection?: string;
  /** Why the next request must be full, whatever the planner would find. */
  private forced?: string;

  constructor(readonly lane: string = DEFAULT_LANE) {}

  /** The connection the chain's head lives on (undefined: none yet, or HTTP). */
  get connection(): string | undefined {
    return this.boundConnection;
  }

  /** Whether a request is in flight on this chain. */
  get inFlight(): boolean {
    return this.pending !== undefined;
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
    // While a response streams, assume it completes: it will be the baseline.
    const inFlight = this.pending && { responseId: "", itemsAdded: [] };
    return planWireRequest({
      transport,
      previous: this.pending ?? this.previous,
      head: inFlight || this.head,
      current,
      forcedReason: this.forcedReason(connection) ?? forcedReason,
    });
  }

  /** Plan the next request on `connection`. Consumes the head. */
  plan(current: PlannedRequest, transport: "ws" | "http", connection?: string): WirePlan {
    const decision = planWireRequest({
      transport,
      previous: this.previous,
      head: this.head,
      current,
      forcedReason: this.forcedReason(connection),
    });
    this.consumedHead = this.head;
    this.consumedPrevious = this.previous;
    this.consumedForced = this.forced;
    this.head = undefined;
    this.forced = undefined;
    return decision;
  }

  /** The request was sent on `connection`: it becomes the baseline once it completes. */
  accepted(request: PlannedRequest, connection?: string): void {
    this.pending = request;
    this.boundConnection = connection;
  }

  /** `response.completed`: the only way a response becomes the head. */
  completed(responseId: string, itemsAdded: readonly ResponseItem[]): void {
    if (!this.pending) return;
    this.previous = this.pending;
    this.pending = undefined;
    this.head = { responseId, itemsAdded: [...itemsAdded] };
  }

  /**
   * The stream failed before completion: never commit, keep the prior baseline, and force
   * the next request full for `reason` (none: the planner finds `no_baseline`).
   */
  failed(reason?: string): void {
    this.pending = undefined;
    this.head = undefined;
    this.consumedHead = undefined;
    this.forced = reason;
  }

  /** The response was refused on a healthy socket (rate limit): plan the same request again. */
  retrySame(): void {
    this.pending = undefined;
    this.previous = this.consumedPrevious;
    this.head = this.consumedHead;
    this.forced = this.consumedForced;
  }

  /** The server no longer holds this chain's head: the next request is full for `reason`. */
  force(reason: string): void {
    this.head = undefined;
    this.forced ??= reason;
  }

  /** Whether the person's interrupt left this chain already forced full (its stream was cut). */
  get forcedFull(): boolean {
    return this.forced !== undefined;
  }

  /** Clear head and baseline; the next request is full with `reason`. */
  reset(reason: string): void {
    this.previous = undefined;
    this.head = undefined;
    this.pending = undefined;
    this.forced = reason;
  }

  private forcedReason(connection: string | undefined): string | undefined {
    if (this.forced) return this.forced;
    if (this.head && connection !== this.boundConnection) return "reconnected";
    return undefined;
  }
}
