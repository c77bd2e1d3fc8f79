import { TransportError } from "../transport/errors.js";

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

  constructor(
    private readonly ms: number,
    private readonly outer: AbortSignal | undefined,
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
    return new TransportError(
      `no complete response within ${seconds} s (stream_max_duration_ms): the server kept the stream open without finishing it`,
      { kind: "retryable", code: "stream_deadline", streamStarted: started },
    );
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
