/**
 * A bearer credential that can change during a session: an API key never does, a ChatGPT
 * sign-in's access token is refreshed before it expires and after a 401 (docs/config.md,
 * "Sign in with ChatGPT"). The transports ask for the token at each HTTP request and each
 * WebSocket upgrade; nothing else sees it. A token is never written to the ledger, a session
 * file, an error text, a hook's or a command's environment.
 */
export interface BearerCredentials {
  /** What mini-codex is signed in with: `api_key` sends no account id. */
  readonly kind: "api_key" | "chatgpt";
  /** The token to send now (refreshed first when it expires soon), and its ChatGPT account. */
  current(): Promise<BearerToken>;
  /**
   * The server answered 401 to `rejected`: refresh once (under the home's lock, so every
   * process of that home refreshes at most once) and return the new token, or throw an
   * `AuthError` that tells the person what to do (`mini-codex login`). Never loops.
   */
  afterUnauthorized(rejected: string): Promise<BearerToken>;
  /** Who is signed in (a ChatGPT sign-in: its email and plan, from the id token); never a token. */
  account?(): SignedInAccount;
}

/** What /status says of a ChatGPT sign-in: the email and the plan its id token names. */
export interface SignedInAccount {
  email?: string;
  planType?: string;
}

export interface BearerToken {
  token: string;
  /** `chatgpt-account-id`: the account the token belongs to (ChatGPT sign-in only). */
  accountId?: string;
}

/** A credential that cannot be refreshed or is gone: the message says what to do. */
export class AuthError extends Error {
  override readonly name = "AuthError";
}
