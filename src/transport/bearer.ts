import {
  API_KEY_REJECTED,
  AuthError,
  type BearerCredentials,
  type BearerToken,
} from "../auth/index.js";
import { redactError } from "../protocol/index.js";
import { TransportError } from "./errors.js";

/** What a ChatGPT sign-in that is still refused after its refresh tells the person. */
const SIGN_IN_REFUSED =
  "the ChatGPT sign-in was refused (HTTP 401) even after a token refresh: run `mini-codex login`";

/** A 401 the transports did not retry (an error frame on an open socket), in the credential's words. */
export function unauthorizedMessage(kind: BearerCredentials["kind"] | undefined): string {
  return kind === "chatgpt"
    ? "the ChatGPT sign-in was refused (HTTP 401): run `mini-codex login`"
    : API_KEY_REJECTED;
}

function authFailure(message: string): TransportError {
  return new TransportError(message, { kind: "auth", status: 401 });
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof TransportError && error.status === 401;
}

async function ask(get: () => Promise<BearerToken>): Promise<BearerToken> {
  try {
    return await get();
  } catch (error) {
    if (error instanceof AuthError) throw authFailure(error.message);
    throw error;
  }
}

/**
 * One HTTP request or WebSocket upgrade with the credential's token of the moment: a 401 asks
 * the credential once for a refreshed token and tries once more; a second 401 (or a refresh
 * that fails, whose AuthError says what to do) ends as a TransportError of kind `auth`, never
 * a loop. Without credentials the attempt runs once with no token. Any credential that reaches
 * an error's text (a server echoing it) is taken out (protocol/sent-credentials.ts).
 */
export async function withBearer<T>(
  credentials: BearerCredentials | undefined,
  attempt: (token: BearerToken | undefined) => Promise<T>,
): Promise<T> {
  if (!credentials) return attempt(undefined);
  const first = await ask(() => credentials.current());
  try {
    return await attempt(first);
  } catch (error) {
    redactError(error);
    if (!isUnauthorized(error)) throw error;
  }
  const second = await ask(() => credentials.afterUnauthorized(first.token));
  try {
    return await attempt(second);
  } catch (error) {
    redactError(error);
    if (!isUnauthorized(error)) throw error;
    throw authFailure(credentials.kind === "chatgpt" ? SIGN_IN_REFUSED : (error as Error).message);
  }
}
