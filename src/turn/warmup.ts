/** The session's one generate:false warm-up: sent once, sent again after it failed. */
export class Warmup {
  private warm: Promise<void> | undefined;

  constructor(private readonly send: (signal: AbortSignal) => Promise<void>) {}

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
