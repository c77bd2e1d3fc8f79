import type { ResponseItem } from "../protocol/items.js";
import { type ChainHeadView, type PlannedRequest, planWireRequest, type WirePlan } from "./plan.js";

export const DEFAULT_LANE = "default";

export interface ChainOptions {
  /** Reset the epoch after this many requests on one chain; 0 = off. */
  maxRequestsPerEpoch: number;
  /** Called on every epoch reset (the session clears frozen tool outputs). */
  onEpochReset?: (why: string) => void;
}

/**
 * The response chain of one lane: the last accepted full request, the head slot that only
 * `response.completed` fills and the next planning consumes, the socket the chain is bound
 * to, and the epoch. The local history stays the truth; this is only an optimisation.
 */
export class RequestChain {
  readonly lane = DEFAULT_LANE;
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
  private requestsInEpoch = 0;

  constructor(private readonly options: ChainOptions) {}

  /** What `plan` would decide now, without consuming anything (status bar preview). */
  preview(current: PlannedRequest, transport: "ws" | "http", connection?: string): WirePlan {
    // While a response streams, assume it completes: it will be the baseline.
    const inFlight = this.pending && { responseId: "", itemsAdded: [] };
    return planWireRequest({
      transport,
      previous: this.pending ?? this.previous,
      head: inFlight || this.head,
      current,
      forcedReason: this.forcedReason(connection) ?? this.epochLimitReason(),
    });
  }

  /** Reset the epoch once it has used its request budget; call before building a request. */
  applyEpochLimit(): void {
    if (this.epochLimitReason()) this.resetEpoch("max_requests");
  }

  /** Plan the next request on `connection`. Consumes the head. */
  plan(current: PlannedRequest, transport: "ws" | "http", connection?: string): WirePlan {
    this.applyEpochLimit();
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
    this.requestsInEpoch += 1;
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
    if (this.pending) this.requestsInEpoch = Math.max(0, this.requestsInEpoch - 1);
    this.pending = undefined;
    this.previous = this.consumedPrevious;
    this.head = this.consumedHead;
    this.forced = this.consumedForced;
  }

  /**
   * The person interrupted the turn (docs/protocol.md, "Failure handling"): the chain resets. A stream cut short already
   * forced the next request full (its socket was dropped); otherwise start a new epoch.
   */
  interrupted(): void {
    if (this.forced === undefined) this.resetEpoch("interrupted");
  }

  /** Clear head, baseline and frozen outputs; the next request is `epoch_reset:<why>`. */
  resetEpoch(why: string): void {
    this.previous = undefined;
    this.head = undefined;
    this.pending = undefined;
    this.requestsInEpoch = 0;
    this.forced = `epoch_reset:${why}`;
    this.options.onEpochReset?.(why);
  }

  private forcedReason(connection: string | undefined): string | undefined {
    if (this.forced) return this.forced;
    if (this.head && connection !== this.boundConnection) return "reconnected";
    return undefined;
  }

  private epochLimitReason(): string | undefined {
    const max = this.options.maxRequestsPerEpoch;
    return max > 0 && this.requestsInEpoch >= max ? "epoch_reset:max_requests" : undefined;
  }
}
