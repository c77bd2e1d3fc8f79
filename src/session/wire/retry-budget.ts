import type { TransportKind } from "../../transport/index.js";

/** The whole retry chain of one request ends after this long, whatever the counts. */
const RETRY_CHAIN_MAX_MS = 10 * 60 * 1000;

interface RetryLimits {
  streamMaxRetries: number;
  requestMaxRetries: number;
  /** Default RETRY_CHAIN_MAX_MS. */
  maxChainMs?: number;
}

/**
 * The one retry budget of one request (docs/protocol.md, "Retries"): retries are counted
 * per transport (a session that falls back to HTTP gets HTTP's own `request_max_retries`),
 * and the whole chain, every transport together, stops after RETRY_CHAIN_MAX_MS. The idle
 * timeout still applies to each stream on its own.
 */
export class RetryBudget {
  private readonly spent: Record<TransportKind, number> = { ws: 0, http: 0 };
  private attemptCount = 0;
  private readonly startedAt: number;
  /** A 401 on the request's socket refreshed the sign-in (once per request, never twice). */
  tokenRefreshed = false;

  constructor(
    private readonly limits: RetryLimits,
    private readonly now: () => number,
  ) {
    this.startedAt = now();
  }

  /** Retries already spent on `transport`. */
  retries(transport: TransportKind): number {
    return this.spent[transport];
  }

  get attempts(): number {
    return this.attemptCount;
  }

  attempted(): void {
    this.attemptCount += 1;
  }

  spend(transport: TransportKind): void {
    this.spent[transport] += 1;
  }

  /** A retry would start after the chain's time is up (`delayMs` from now). */
  outOfTime(delayMs: number): boolean {
    return this.now() + delayMs - this.startedAt >= this.maxChainMs;
  }

  /** Time left before the chain's limit (an attempt may not run past it). */
  remainingMs(): number {
    return Math.max(0, this.startedAt + this.maxChainMs - this.now());
  }

  /** Why the chain stopped, for the person: what ran out, after how many attempts. */
  giveUp(message: string, why: "time" | "stream_max_retries" | "request_max_retries"): string {
    const attempts = `${this.attemptCount} attempt${this.attemptCount === 1 ? "" : "s"}`;
    const limit =
      why === "time"
        ? `the ${Math.round(this.maxChainMs / 60_000)}-minute retry limit`
        : why === "stream_max_retries"
          ? `stream_max_retries = ${this.limits.streamMaxRetries}`
          : `request_max_retries = ${this.limits.requestMaxRetries}`;
    return `gave up after ${attempts} (${limit}): ${message}`;
  }

  private get maxChainMs(): number {
    return this.limits.maxChainMs ?? RETRY_CHAIN_MAX_MS;
  }
}
