import { networkCause } from "../protocol/index.js";
import { AuthError } from "./credentials.js";

/**
 * The refresh request the Codex CLI sends (codex-rs/login auth/manager.rs): `POST <token url>`
 * with the JSON `{client_id, grant_type: "refresh_token", refresh_token}`; the answer may carry
 * a new id token, access token and refresh token (the issuer rotates refresh tokens: the old one
 * is refused from then on).
 */
interface RefreshedTokens {
  id_token?: string;
  access_token?: string;
  refresh_token?: string;
}

const LOGIN_AGAIN = "run `mini-codex login` to sign in again";

/** Why a refresh failed for good (Codex's `RefreshTokenFailedReason`), from the issuer's code. */
function refreshFailureMessage(code: string | undefined): string {
  switch (code) {
    case "refresh_token_expired":
      return `the ChatGPT sign-in expired (its refresh token is too old); ${LOGIN_AGAIN}`;
    case "refresh_token_reused":
      return `the ChatGPT sign-in was refreshed elsewhere with the same refresh token, which the issuer now refuses; ${LOGIN_AGAIN}`;
    case "refresh_token_invalidated":
      return `the ChatGPT sign-in was revoked; ${LOGIN_AGAIN}`;
    default:
      return `the ChatGPT sign-in could not be refreshed${code ? ` (${code})` : ""}; ${LOGIN_AGAIN}`;
  }
}

/** The error code of an issuer's answer: `{"error": {"code"}}`, `{"error": "…"}` or `{"code"}`. */
export function issuerErrorCode(body: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (json === null || typeof json !== "object") return undefined;
  const { error, code } = json as { error?: unknown; code?: unknown };
  if (typeof error === "string" && error.length > 0) return error;
  if (error !== null && typeof error === "object") {
    const inner = (error as { code?: unknown }).code;
    if (typeof inner === "string" && inner.length > 0) return inner;
  }
  return typeof code === "string" && code.length > 0 ? code : undefined;
}

/** A refresh that may work later (network, 5xx): not the person's to fix by signing in. */
export class TransientRefreshError extends Error {
  override readonly name = "TransientRefreshError";
}

/** Codex's rule: a 401, or one of the known codes, is final; anything else may pass later. */
const FINAL_CODES = new Set([
  "refresh_token_expired",
  "refresh_token_reused",
  "refresh_token_invalidated",
  "invalid_grant",
]);

/** Exchange a refresh token once. Throws AuthError (final) or TransientRefreshError. */
export async function requestRefresh(
  tokenUrl: string,
  clientId: string,
  refreshToken: string,
  timeoutMs = 30_000,
): Promise<RefreshedTokens> {
  let response: Response;
  try {
    response = await fetch(tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: clientId,
        grant_type: "refresh_token",
        refresh_token: refreshToken,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new TransientRefreshError(
      `cannot reach the sign-in issuer (${new URL(tokenUrl).origin}): ${networkCause(error)}`,
    );
  }
  const body = await response.text().catch(() => "");
  if (!response.ok) {
    const code = issuerErrorCode(body);
    if (response.status === 401 || (code !== undefined && FINAL_CODES.has(code))) {
      throw new AuthError(refreshFailureMessage(code));
    }
    throw new TransientRefreshError(
      `the sign-in issuer answered ${response.status} to a token refresh${code ? ` (${code})` : ""}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new TransientRefreshError("the sign-in issuer's refresh answer is not JSON");
  }
  const tokens = (json ?? {}) as Record<string, unknown>;
  const out: RefreshedTokens = {};
  for (const key of ["id_token", "access_token", "refresh_token"] as const) {
    const value = tokens[key];
    if (typeof value === "string" && value.length > 0) out[key] = value;
  }
  if (!out.access_token) {
    throw new TransientRefreshError("the sign-in issuer's refresh answer has no access token");
  }
  return out;
}
