import type { BearerCredentials, BearerToken } from "./credentials.js";
import { AuthError } from "./credentials.js";

/** The message of a 401 answered to an API key: nothing refreshes a key. */
export const API_KEY_REJECTED = "authentication failed (HTTP 401): check OPENAI_API_KEY";

/** An API key as a bearer credential: the same token for the whole process, never refreshed. */
export function apiKeyCredentials(key: string): BearerCredentials {
  const token: BearerToken = { token: key };
  return {
    kind: "api_key",
    current: () => Promise.resolve(token),
    afterUnauthorized: () => Promise.reject(new AuthError(API_KEY_REJECTED)),
  };
}
