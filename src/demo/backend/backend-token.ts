/**
 * Who a request to the demo's Codex backend is from (docs/protocol.md, "The demo server"): the
 * bearer token must be a JWT whose payload names a ChatGPT account under
 * `https://api.openai.com/auth` (`chatgpt_account_id`, as the Codex CLI reads it) and whose `exp`
 * is in the future, and the `chatgpt-account-id` header must name the same account. The
 * signature is checked by `verify`: by default the demo issuer's (src/demo/backend/issuer-tokens.ts),
 * so only a token it minted passes.
 */
import { AUTH_CLAIMS, jwtPayload } from "../../auth/index.js";

export interface BackendCaller {
  accountId: string;
  planType: string;
}

/** A refusal as the backend sends it: a status and a `{"detail": …}` body (and its error code, when it has one). */
export interface BackendRefusal {
  status: number;
  detail: string;
  code?: string;
}

/** The error code of a 401 for an access token past its `exp` (as the backend's error bodies carry it). */
export const TOKEN_EXPIRED = "token_expired";

export type TokenVerifier = (jwt: string) => boolean;

/** The caller a request's headers name, or why the backend refuses it (pure). */
export function backendCaller(
  headers: { authorization?: string | undefined; accountId?: string | undefined },
  nowMs: number,
  verify?: TokenVerifier,
): BackendCaller | BackendRefusal {
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
  if (!bearer) return { status: 401, detail: "Missing bearer token." };
  const payload = jwtPayload(bearer);
  if (!payload || (verify && !verify(bearer))) {
    return { status: 401, detail: "Could not validate the access token." };
  }
  const exp = payload.exp;
  if (typeof exp !== "number" || exp * 1000 <= nowMs) {
    return { status: 401, detail: "The access token has expired.", code: TOKEN_EXPIRED };
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
