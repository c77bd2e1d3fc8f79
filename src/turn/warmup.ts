import type { RequestFinished, RequestStarted } from "../session/events.js";
import { WARMUP_TURN } from "../session/ledger.js";
import type { ModelClient } from "../session/model-client.js";
import type { FullRequest } from "../session/request.js";

/** The session's one generate:false warm-up: sent once, sent again after it failed. */
export class Warmup {
  private warm: Promise<void> | undefined;

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

  ensure(signal: AbortSignal): Promise<void> {
    this.warm ??= this.send(signal).catch(() => {
      this.warm = undefined;
    });
    return this.warm;
  }
}
