import { describe, expect, it } from "vitest";
import {
  type Failure,
  type RecoveryContext,
  recoveryFor,
} from "../../src/session/wire/failures.js";

const base: RecoveryContext = {
  transport: "ws",
  retries: 0,
  streamMaxRetries: 5,
  requestMaxRetries: 4,
  streamStarted: true,
  backoff: (n) => 200 * 2 ** n,
};

describe("recoveryFor (docs/protocol.md, failure handling)", () => {
  const cases: Array<[string, Failure, Partial<RecoveryContext>, unknown]> = [
    ["refused upgrade", "fallback_http", {}, { kind: "fallback_http" }],
    [
      "not found",
      "previous_not_found",
      {},
      { kind: "reconnect", reason: "previous_not_found", delayMs: 0 },
    ],
    [
      "connection limit",
      "connection_limit",
      {},
      { kind: "reconnect", reason: "reconnected", delayMs: 0 },
    ],
    ["first drop", "retryable", {}, { kind: "reconnect", reason: "reconnected", delayMs: 200 }],
    [
      "third drop backs off",
      "retryable",
      { retries: 2 },
      { kind: "reconnect", reason: "reconnected", delayMs: 800 },
    ],
    ["drops used up", "retryable", { retries: 5 }, { kind: "http_for_good" }],
    [
      "http 5xx before the stream",
      "retryable",
      { transport: "http", streamStarted: false, retries: 3 },
      { kind: "retry", delayMs: 1600 },
    ],
    [
      "http 5xx used up",
      "retryable",
      { transport: "http", streamStarted: false, retries: 4 },
      { kind: "fail", exhausted: "request_max_retries" },
    ],
    [
      "rate limit waits as told",
      "rate_limited",
      { retryAfterMs: 1500 },
      { kind: "retry_same", delayMs: 1500 },
    ],
    [
      "http 5xx with Retry-After waits as told",
      "retryable",
      { transport: "http", streamStarted: false, retryAfterMs: 2500 },
      { kind: "retry", delayMs: 2500 },
    ],
    [
      "a Retry-After past the cap waits the cap (then the 10-minute budget decides)",
      "retryable",
      { transport: "http", streamStarted: false, retryAfterMs: 86_400_000 },
      { kind: "retry", delayMs: 60_000 },
    ],
    [
      "5xx on the socket with Retry-After",
      "retryable",
      { retryAfterMs: 3000 },
      { kind: "reconnect", reason: "reconnected", delayMs: 3000 },
    ],
    [
      "rate limit used up",
      "rate_limited",
      { retries: 5 },
      { kind: "fail", exhausted: "stream_max_retries" },
    ],
    [
      "http drop mid-stream used up",
      "retryable",
      { transport: "http", streamStarted: true, retries: 5 },
      { kind: "fail", exhausted: "stream_max_retries" },
    ],
    ["401", "auth", {}, { kind: "fail" }],
    ["4xx", "fatal", {}, { kind: "fail" }],
    ["response.failed", "response_failed", {}, { kind: "fail" }],
    ["interrupt", "aborted", {}, { kind: "fail" }],
  ];
  for (const [name, failure, ctx, expected] of cases) {
    it(name, () => {
      expect(recoveryFor(failure, { ...base, ...ctx })).toEqual(expected);
    });
  }
});
