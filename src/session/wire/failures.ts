import { assertNever, errorMessage } from "../../protocol/index.js";
import { backoffDelayMs, TransportError } from "../../transport/index.js";
import type { RequestOutcome } from "../ledger/index.js";
import { ResponseFailed } from "./response-stream.js";

/** The turn cannot get a response: the message is for the person, never a prompt or a key. */
export class ModelRequestError extends Error {
  override readonly name = "ModelRequestError";
  constructor(
    message: string,
    readonly aborted: boolean,
  ) {
    super(message);
  }
}

export type Failure = TransportError["kind"] | "response_failed";

export function failureKind(error: unknown, signal: AbortSignal | undefined): Failure {
  if (signal?.aborted) return "aborted";
  if (error instanceof TransportError) return error.kind;
  if (error instanceof ResponseFailed) return "response_failed";
  return "fatal";
}

export function outcomeOf(error: unknown, signal: AbortSignal | undefined): RequestOutcome {
  if (error instanceof ResponseFailed) return error.outcome;
  const kind = failureKind(error, signal);
  if (kind === "aborted") return "aborted";
  if (kind === "rate_limited" || kind === "usage_limit") return "failed";
  if (kind === "retryable" && error instanceof TransportError && error.streamStarted)
    return "dropped";
  if (error instanceof TransportError && error.code === "websocket_closed") return "dropped";
  return "error";
}

/** What to do after a failed attempt (docs/protocol.md, "Failure handling"). */
type Recovery =
  /** The WebSocket is refused: HTTP for the rest of the session, resend now. */
  | { kind: "fallback_http" }
  /** WebSocket retries are used up: HTTP for good, resend now. */
  | { kind: "http_for_good" }
  /** Refused on a healthy socket (rate limit): wait, then send the same plan again. */
  | { kind: "retry_same"; delayMs: number }
  /**
   * Drop the socket; resend in full on a new one (after `delayMs`); `refreshToken`: the socket's
   * token was refused, refresh it once first.
   */
  | { kind: "reconnect"; reason: string; delayMs: number; refreshToken?: true }
  /** HTTP: resend (always full) after `delayMs`. */
  | { kind: "retry"; delayMs: number }
  /** Give up; `exhausted` names the retry count that ran out, if that is why. */
  | { kind: "fail"; exhausted?: ExhaustedLimit };

/** The retry count that ran out. */
type ExhaustedLimit = "stream_max_retries" | "request_max_retries" | undefined;

export interface RecoveryContext {
  transport: "ws" | "http";
  /** Retries already spent on this request over `transport` (one budget per transport). */
  retries: number;
  streamMaxRetries: number;
  requestMaxRetries: number;
  /** Whether any event of the failed response had arrived. */
  streamStarted: boolean;
  retryAfterMs?: number;
  /** Whether this request already refreshed the sign-in after a 401 on its socket. */
  tokenRefreshed?: boolean;
  /** Backoff for retry number n (0-based). */
  backoff(n: number): number;
}

/** The facts of one failed attempt that `recoveryFor` decides on. */
export function recoveryContext(
  error: unknown,
  transport: "ws" | "http",
  budget: { retries(transport: "ws" | "http"): number; tokenRefreshed: boolean },
  limits: { streamMaxRetries: number; requestMaxRetries: number },
): RecoveryContext {
  return {
    transport,
    retries: budget.retries(transport),
    tokenRefreshed: budget.tokenRefreshed,
    streamMaxRetries: limits.streamMaxRetries,
    requestMaxRetries: limits.requestMaxRetries,
    streamStarted: error instanceof TransportError && error.streamStarted,
    ...(error instanceof TransportError && error.retryAfterMs !== undefined
      ? { retryAfterMs: error.retryAfterMs }
      : {}),
    backoff: (n) => backoffDelayMs(n),
  };
}

/** The ledger's reason for the full request sent on a new socket after a 401 refreshed the sign-in. */
const TOKEN_REFRESHED = "token_refreshed";

/** The longest `Retry-After` honoured: a longer one is waited this long (then the budget decides). */
const RETRY_AFTER_MAX_MS = 60_000;

/**
 * The wait before a retry: the server's `Retry-After` (a 429 or a 5xx, header or message)
 * when it gave one, capped at RETRY_AFTER_MAX_MS, else the backoff. The retry budget still
 * applies: a wait that would start the retry past the chain's 10 minutes ends the chain.
 */
function retryDelayMs(ctx: RecoveryContext): number {
  if (ctx.retryAfterMs === undefined) return ctx.backoff(ctx.retries);
  return Math.min(Math.max(0, ctx.retryAfterMs), RETRY_AFTER_MAX_MS);
}

/** The recovery decision for a failure, as a pure function of the failure and the counts. */
export function recoveryFor(failure: Failure, ctx: RecoveryContext): Recovery {
  const { retries, streamMaxRetries } = ctx;
  switch (failure) {
    case "fallback_http":
      return { kind: "fallback_http" };
    case "rate_limited":
      return retries < streamMaxRetries
        ? { kind: "retry_same", delayMs: retryDelayMs(ctx) }
        : { kind: "fail", exhausted: "stream_max_retries" };
    case "previous_not_found":
    case "connection_limit":
      if (ctx.transport === "http") return { kind: "fail" };
      if (retries > streamMaxRetries) return { kind: "fail", exhausted: "stream_max_retries" };
      return {
        kind: "reconnect",
        reason: failure === "previous_not_found" ? "previous_not_found" : "reconnected",
        delayMs: 0,
      };
    case "retryable": {
      if (ctx.transport === "ws") {
        return retries < streamMaxRetries
          ? { kind: "reconnect", reason: "reconnected", delayMs: retryDelayMs(ctx) }
          : { kind: "http_for_good" };
      }
      const limit = ctx.streamStarted ? streamMaxRetries : ctx.requestMaxRetries;
      if (retries < limit) return { kind: "retry", delayMs: retryDelayMs(ctx) };
      return {
        kind: "fail",
        exhausted: ctx.streamStarted ? "stream_max_retries" : "request_max_retries",
      };
    }
    case "socket_unauthorized":
      // the Codex CLI refreshes once on a 401 and sends again; never a second time
      return ctx.tokenRefreshed
        ? { kind: "fail" }
        : { kind: "reconnect", reason: TOKEN_REFRESHED, delayMs: 0, refreshToken: true };
    case "aborted":
    case "usage_limit":
    case "auth":
    case "fatal":
    case "response_failed":
      return { kind: "fail" };
    default:
      return assertNever(failure);
  }
}

/** Any failure of a request as the error the turn reports (interrupt, 401, or its message). */
export function asRequestError(error: unknown, signal: AbortSignal | undefined): ModelRequestError {
  if (error instanceof ModelRequestError) return error;
  const kind = failureKind(error, signal);
  if (kind === "aborted") return new ModelRequestError("interrupted", true);
  return new ModelRequestError(errorMessage(error), false);
}

/**
 * The error a request that gives up ends with: its own (`asRequestError`), or, when a limit ran
 * out (`why`: the chain's time or a retry count), the budget's "gave up after N attempts" text.
 */
export function givenUp(
  error: unknown,
  signal: AbortSignal | undefined,
  budget: { giveUp(message: string, why: "time" | NonNullable<ExhaustedLimit>): string },
  why: "time" | ExhaustedLimit,
): ModelRequestError {
  const failure = asRequestError(error, signal);
  if (why === "time") {
    const message = error instanceof Error ? error.message : String(error);
    return new ModelRequestError(budget.giveUp(message, "time"), false);
  }
  if (why) return new ModelRequestError(budget.giveUp(failure.message, why), false);
  return failure;
}
