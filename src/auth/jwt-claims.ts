/**
 * The claims mini-codex reads from a ChatGPT sign-in's tokens, as the Codex CLI reads them
 * (codex-rs/login token_data.rs): the email (top level, else `https://api.openai.com/profile`),
 * and under `https://api.openai.com/auth` the plan, the user and the account (workspace) id.
 * The signature is not checked: the issuer checks its own tokens; these claims only say who
 * is signed in and when the access token expires.
 */

export const AUTH_CLAIMS = "https://api.openai.com/auth";
export const PROFILE_CLAIMS = "https://api.openai.com/profile";

interface SignInClaims {
  email?: string;
  /** `chatgpt_plan_type`: free, plus, pro, team, business, enterprise, edu … */
  planType?: string;
  /** `chatgpt_user_id` (or `user_id`). */
  userId?: string;
  /** `chatgpt_account_id`: the workspace the token acts for (the `chatgpt-account-id` header). */
  accountId?: string;
}

/** The payload of a JWT (`header.payload.signature`), or undefined when it is not one. */
export function jwtPayload(jwt: string): Record<string, unknown> | undefined {
  const parts = jwt.split(".");
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return undefined;
  try {
    const json: unknown = JSON.parse(Buffer.from(parts[1] as string, "base64url").toString("utf8"));
    return json !== null && typeof json === "object" && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/** Who a sign-in's id token (or access token) names. */
export function signInClaims(jwt: string): SignInClaims {
  const payload = jwtPayload(jwt) ?? {};
  const auth = record(payload[AUTH_CLAIMS]);
  const email = text(payload.email) ?? text(record(payload[PROFILE_CLAIMS]).email);
  const planType = text(auth.chatgpt_plan_type);
  const userId = text(auth.chatgpt_user_id) ?? text(auth.user_id);
  const accountId = text(auth.chatgpt_account_id);
  return {
    ...(email ? { email } : {}),
    ...(planType ? { planType } : {}),
    ...(userId ? { userId } : {}),
    ...(accountId ? { accountId } : {}),
  };
}

/** A token's lifetime from its `iat` and `exp` claims (epoch ms), each when present. */
export function tokenTimes(jwt: string): { issuedAt?: number; expiresAt?: number } {
  const payload = jwtPayload(jwt) ?? {};
  const seconds = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value) ? value * 1000 : undefined;
  const issuedAt = seconds(payload.iat);
  const expiresAt = seconds(payload.exp);
  return {
    ...(issuedAt !== undefined ? { issuedAt } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
}
