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
  private boundConnection?: number;
  /** Why the next request must be full, whatever the planner would find. */
  private forced?: string;
  private requestsInEpoch = 0;

  constructor(private readonly options: ChainOptions) {}

  /** What `plan` would decide now, without consuming anything (status bar preview). */
  preview(current: PlannedRequest, transport: "ws" | "http", connection?: number): WirePlan {
    return planWireRequest({
      transport,
      previous: this.previous,
      head: this.head,
      current,
      forcedReason: this.forcedReason(connection) ?? this.epochLimitReason(),
    });
  }

  /** Plan the next request on `connection`. Consumes the head. */
  plan(current: PlannedRequest, transport: "ws" | "http", connection?: number): WirePlan {
    const limit = this.epochLimitReason();
    if (limit) this.resetEpoch("max_requests");
    const decision = planWireRequest({
      transport,
      previous: this.previous,
      head: this.head,
      current,
      forcedReason: this.forcedReason(connection),
    });
    this.head = undefined;
    this.forced = undefined;
    return decision;
  }

  /** The request was sent on `connection`: it becomes the baseline once it completes. */
  accepted(request: PlannedRequest, connection?: number): void {
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

  /** The stream failed before completion: keep the prior baseline, never commit, force full. */
  failed(reason: string): void {
    this.pending = undefined;
    this.head = undefined;
    this.forced = reason;
  }

  /** The next request goes out on a new connection for this reason (a warm-up may chain it). */
  forceFull(reason: string): void {
    this.head = undefined;
    this.forced = reason;
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

  get hasHead(): boolean {
    return this.head !== undefined;
  }

  private forcedReason(connection: number | undefined): string | undefined {
    if (this.forced) return this.forced;
    if (this.head && connection !== this.boundConnection) return "reconnected";
    return undefined;
  }

  private epochLimitReason(): string | undefined {
    const max = this.options.maxRequestsPerEpoch;
    return max > 0 && this.requestsInEpoch >= max ? "epoch_reset:max_requests" : undefined;
  }
}
