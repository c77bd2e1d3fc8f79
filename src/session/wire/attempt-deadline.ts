import { TransportError } from "../../transport/index.js";

/** One attempt's default total time (`stream_max_duration_ms`): the chain's 10-minute limit. */
export const DEFAULT_STREAM_MAX_DURATION_MS = 10 * 60 * 1000;

/**
 * The total deadline of one attempt, connect to terminal event, whatever keeps arriving: the
 * idle timer restarts on every event, so a server that trickles keep-alives would otherwise
 * hold a request open for ever. Its signal aborts the transport as an interrupt would;
 * `explain` turns that abort into a retryable failure that says what ran out.
 */
export class AttemptDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private expired = false;
  readonly signal: AbortSignal;

  /**
   * The attempt's deadline: `stream_max_duration_ms`, or what is left of the request's retry
   * limit when that is shorter (and still ahead: a clock already past it leaves the limit to
   * the retry loop, which stops before the next attempt).
   */
  static within(maxMs: number, remainingMs: number, outer: AbortSignal | undefined) {
    const byLimit = remainingMs > 0 && remainingMs < maxMs;
    return new AttemptDeadline(byLimit ? remainingMs : maxMs, outer, byLimit);
  }

  constructor(
    private readonly ms: number,
    private readonly outer: AbortSignal | undefined,
    private readonly byRetryLimit = false,
  ) {
    this.timer = setTimeout(
      () => {
        this.expired = true;
        this.controller.abort();
      },
      Math.max(0, ms),
    );
    this.signal = outer ? AbortSignal.any([outer, this.controller.signal]) : this.controller.signal;
  }

  /** The error of a failed attempt: the deadline's own when it is what ended the attempt. */
  explain(error: unknown): unknown {
    if (!this.expired || this.outer?.aborted) return error;
    const started = error instanceof TransportError && error.streamStarted;
    const seconds = Math.round(this.ms / 100) / 10;
    const what = this.byRetryLimit
      ? "what was left of the 10-minute retry limit"
      : "stream_max_duration_ms";
    return new TransportError(
      `no complete response within ${seconds} s (${what}): the server kept the stream open without finishing it`,
      { kind: "retryable", code: "stream_deadline", streamStarted: started },
    );
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
