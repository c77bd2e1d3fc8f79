import type {
  FullRequest,
  ModelClient,
  RequestFinished,
  RequestStarted,
} from "../session/index.js";
import { WARMUP_TURN } from "../session/index.js";
import { TurnAbortedError } from "./turn-loop.js";

/**
 * The session's one generate:false warm-up: sent once, sent again after it failed. It runs on
 * its own signal (following the session's lifetime), not a turn's: a turn only waits for it,
 * and an interrupt ends that wait (`settled`), abandoning the warm-up for the session.
 */
export class Warmup {
  private warm: Promise<void> | undefined;
  private running: AbortController | undefined;
  /** Interrupted while a turn waited on it: never sent again (a stuck server stays stuck). */
  private abandoned = false;

  constructor(private readonly send: (signal: AbortSignal) => Promise<void>) {}

  /** The warm-up of a session's model client: its request is shown and recorded like any. */
  static over(
    client: ModelClient,
    parts: {
      build(): FullRequest;
      onRequestStarted(request: RequestStarted): void;
      onRequestFinished(request: RequestFinished): void;
    },
  ): Warmup {
    return new Warmup((signal) =>
      client.warmup({ turn: WARMUP_TURN, signal, onEvent: () => {}, ...parts }),
    );
  }

  /** The warm-up in flight or done; undefined before the first one or after a failure. */
  get pending(): Promise<void> | undefined {
    return this.warm;
  }

  /** Start the warm-up unless one ran, runs, or was abandoned; it ends when `lifetime` does. */
  ensure(lifetime: AbortSignal): Promise<void> {
    if (this.abandoned) return Promise.resolve();
    if (this.warm) return this.warm;
    const running = new AbortController();
    const stop = () => running.abort();
    lifetime.addEventListener("abort", stop, { once: true });
    if (lifetime.aborted) running.abort();
    this.running = running;
    this.warm = this.send(running.signal)
      .catch(() => {
        this.warm = undefined;
      })
      .finally(() => lifetime.removeEventListener("abort", stop));
    return this.warm;
  }

  /**
   * Wait for the warm-up in flight (if any) for as long as `turn` lasts. Interrupting the turn
   * ends the wait at once with a TurnAbortedError and aborts the warm-up: a warm-up the person
   * gave up on is not sent again, so the next turn goes straight to its own request.
   */
  async settled(turn: AbortSignal): Promise<void> {
    const warm = this.warm;
    if (!warm) return;
    if (turn.aborted) throw this.abandon();
    let onAbort: (() => void) | undefined;
    const interrupted = new Promise<"interrupted">((resolve) => {
      onAbort = () => resolve("interrupted");
      turn.addEventListener("abort", onAbort, { once: true });
    });
    try {
      if ((await Promise.race([warm, interrupted])) === "interrupted") throw this.abandon();
    } finally {
      if (onAbort) turn.removeEventListener("abort", onAbort);
    }
  }

  private abandon(): TurnAbortedError {
    this.abandoned = true;
    this.running?.abort();
    return new TurnAbortedError("interrupted while waiting for the warm-up");
  }
}
