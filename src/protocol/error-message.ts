/** The text of a thrown value for a person (every layer may import protocol, so it lives here). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What stands in for a secret a server echoed back. */
export const REDACTED = "[redacted]";

/**
 * `text` with every occurrence of each secret replaced by REDACTED: a server may echo the key
 * it was sent (in a 403 body, an error frame, `response.failed`), and nothing mini-codex prints
 * or stores may carry it. Secrets shorter than 8 characters are not keys and are left alone.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  return out;
}

/** The same thrown value with the secrets taken out of its message (and its cause's). */
export function redactError<T>(error: T, secrets: readonly string[]): T {
  if (error instanceof Error) {
    error.message = redactSecrets(error.message, secrets);
    if (error.cause !== undefined) redactError(error.cause, secrets);
  }
  return error;
}
