import { abortedError } from "./backoff.js";
import { TransportError } from "./errors.js";

/**
 * A single-consumer queue between a socket's callbacks and an async generator. `next()`
 * waits for the next value, the queue's failure, an idle timeout or the caller's abort.
 */
export class EventQueue<T> {
  private readonly values: T[] = [];
  private failure: Error | undefined;
  private waiter: { resolve: (v: T) => void; reject: (e: Error) => void } | undefined;

  push(value: T): void {
    if (this.failure) return;
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve(value);
    } else {
      this.values.push(value);
    }
  }

  /** Fail the queue: values already queued are still delivered first. */
  fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    if (this.waiter && this.values.length === 0) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter.reject(error);
    }
  }

  next(
    idleTimeoutMs: number,
    signal: AbortSignal | undefined,
    streamStarted: () => boolean,
  ): Promise<T> {
    if (this.values.length > 0) return Promise.resolve(this.values.shift() as T);
    if (this.failure) return Promise.reject(this.failure);
    if (signal?.aborted) return Promise.reject(abortedError(streamStarted()));
    return new Promise<T>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.waiter = undefined;
      };
      const onAbort = () => {
        cleanup();
        reject(abortedError(streamStarted()));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(idleTimeoutError(idleTimeoutMs, streamStarted()));
      }, idleTimeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiter = {
        resolve: (v) => {
          cleanup();
          resolve(v);
        },
        reject: (e) => {
          cleanup();
          reject(e);
        },
      };
    });
  }
}

export function idleTimeoutError(ms: number, streamStarted: boolean): TransportError {
  return new TransportError(`stream idle timeout: no event for ${ms} ms`, {
    kind: "retryable",
    code: "stream_idle_timeout",
    streamStarted,
  });
}
