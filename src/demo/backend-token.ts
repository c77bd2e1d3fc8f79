/**
 * Who a request to the demo's Codex backend is from (docs/protocol.md, "The demo server"): the
 * bearer token must be a JWT whose payload names a ChatGPT account under
 * `https://api.openai.com/auth` (`chatgpt_account_id`, as the Codex CLI reads it) and whose `exp`
 * is in the future, and the `chatgpt-account-id` header must name the same account. The
 * signature is checked by `verify` when the server has a key of its own (the demo issuer);
 * without one any well-formed token passes that step.
 */

export const AUTH_CLAIMS = "https://api.openai.com/auth";

export interface BackendCaller {
  accountId: string;
  planType: string;
}

/** A refusal as the backend sends it: a status and a `{"detail": …}` body. */
export interface BackendRefusal {
  status: number;
  detail: string;
}

export type TokenVerifier = (jwt: string) => boolean;

function payloadOf(jwt: string): Record<string, unknown> | undefined {
  const parts = jwt.split(".");
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The caller a request's headers name, or why the backend refuses it (pure). */
export function backendCaller(
  headers: { authorization?: string | undefined; accountId?: string | undefined },
  nowMs: number,
  verify?: TokenVerifier,
): BackendCaller | BackendRefusal {
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
  if (!bearer) return { status: 401, detail: "Missing bearer token." };
  const payload = payloadOf(bearer);
  if (!payload || (verify && !verify(bearer))) {
    return { status: 401, detail: "Could not validate the access token." };
  }
  const exp = payload.exp;
  if (typeof exp !== "number" || exp * 1000 <= nowMs) {
    return { status: 401, detail: "The access token has expired." };
  }
  const auth = (payload[AUTH_CLAIMS] ?? {}) as Record<string, unknown>;
  const accountId = auth.chatgpt_account_id;
  if (typeof accountId !== "string" || accountId === "") {
    return { status: 401, detail: "The access token names no ChatGPT account." };
  }
  if (headers.accountId !== accountId) {
    return { status: 403, detail: "The chatgpt-account-id header does not match the token." };
  }
  const plan = auth.chatgpt_plan_type;
  return { accountId, planType: typeof plan === "string" && plan ? plan : "plus" };
}

export function isRefusal(value: BackendCaller | BackendRefusal): value is BackendRefusal {
  return "status" in value;
}

/**
 * A token the demo backend takes (tests, until a demo issuer mints them): an unsigned JWT
 * (`alg: none`) for `accountId` that expires at `expSeconds`.
 */
export function demoAccessToken(accountId: string, expSeconds: number, planType = "plus"): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const payload = {
    exp: expSeconds,
    [AUTH_CLAIMS]: { chatgpt_account_id: accountId, chatgpt_plan_type: planType },
  };
  return `${part({ alg: "none", typ: "JWT" })}.${part(payload)}.demo`;
}
