import { TransportError } from "./errors.js";

const BASE_DELAY_MS = 200;
const MAX_DELAY_MS = 30_000;

/**
 * Delay before retry number `attempt` (0-based): 200 ms × 2^attempt with ±20 % jitter so
 * many clients do not retry in lock-step; capped at 30 s.
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const exact = BASE_DELAY_MS * 2 ** Math.max(0, attempt);
  const jitter = 0.8 + 0.4 * random();
  return Math.min(MAX_DELAY_MS, Math.round(exact * jitter));
}

/** Wait `ms`, or reject with an "aborted" TransportError as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** `promise`, or an "aborted" TransportError as soon as the signal aborts (the promise goes on). */
export function waitOrAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

export function abortedError(streamStarted = false): TransportError {
  return new TransportError("request aborted", { kind: "aborted", streamStarted });
}
