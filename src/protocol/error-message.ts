import { type SentCredentials, sentCredentials } from "./sent-credentials.js";

/** The text of a thrown value for a person (every layer may import protocol, so it lives here). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The same thrown value with every credential mini-codex sent taken out of its message (and its
 * cause's): a server may echo the key it was sent (in a 403 body, an error frame,
 * `response.failed`), and nothing mini-codex prints or stores may carry it.
 */
export function redactError<T>(error: T, credentials: SentCredentials = sentCredentials): T {
  if (error instanceof Error) {
    error.message = credentials.scrub(error.message);
    if (error.cause !== undefined) redactError(error.cause, credentials);
  }
  return error;
}
