import { TransportError } from "../transport/errors.js";
import type { RequestOutcome } from "./events.js";
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

export function reconnectReason(kind: Failure): string {
  return kind === "previous_not_found" ? "previous_not_found" : "reconnected";
}

export function outcomeOf(error: unknown, signal: AbortSignal | undefined): RequestOutcome {
  if (error instanceof ResponseFailed) return error.outcome;
  const kind = failureKind(error, signal);
  if (kind === "aborted") return "aborted";
  if (kind === "rate_limited") return "failed";
  if (kind === "retryable" && error instanceof TransportError && error.streamStarted)
    return "dropped";
  if (error instanceof TransportError && error.code === "websocket_closed") return "dropped";
  return "error";
}
