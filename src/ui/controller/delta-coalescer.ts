import type { SessionEvent } from "../../session/index.js";

type DeltaEvent = Extract<SessionEvent, { type: "text_delta" | "reasoning_delta" }>;

export interface FlushScheduler {
  now(): number;
  /** Run `fn` after `ms`; returns a cancel function. */
  schedule(fn: () => void, ms: number): () => void;
}

const realScheduler: FlushScheduler = {
  now: () => performance.now(),
  schedule: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * Coalesces text/reasoning deltas so the UI re-renders at most `maxPerSecond` times a second
 * however fast they stream. Chunks are kept in arrays and joined once per flush (linear).
 * Every other event first flushes what is pending, so the order of events is preserved.
 */
export class DeltaCoalescer {
  private pending: Array<{ type: DeltaEvent["type"]; itemId: string; chunks: string[] }> = [];
  private cancel: (() => void) | undefined;
  private lastFlush = Number.NEGATIVE_INFINITY;
  private readonly intervalMs: number;

  constructor(
    private readonly deliver: (event: SessionEvent) => void,
    maxPerSecond = 30,
    private readonly scheduler: FlushScheduler = realScheduler,
  ) {
    this.intervalMs = 1000 / maxPerSecond;
  }

  push(event: SessionEvent): void {
    if (event.type !== "text_delta" && event.type !== "reasoning_delta") {
      this.flush();
      this.deliver(event);
      return;
    }
    const last = this.pending.at(-1);
    if (last && last.type === event.type && last.itemId === event.itemId)
      last.chunks.push(event.delta);
    else this.pending.push({ type: event.type, itemId: event.itemId, chunks: [event.delta] });
    if (!this.cancel) {
      const wait = Math.max(0, this.lastFlush + this.intervalMs - this.scheduler.now());
      this.cancel = this.scheduler.schedule(() => this.flush(), wait);
    }
  }

  flush(): void {
    this.cancel?.();
    this.cancel = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.lastFlush = this.scheduler.now();
    for (const { type, itemId, chunks } of batch) {
      this.deliver({ type, itemId, delta: chunks.join("") });
    }
  }

  dispose(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.pending = [];
  }
}
