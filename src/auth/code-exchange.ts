import { createHash, randomBytes } from "node:crypto";
import { networkCause } from "../protocol/index.js";
import { authFilePath, signInFile, writeAuthFile } from "./auth-file.js";
import { AuthError } from "./credentials.js";
import { withAuthLock } from "./home-lock.js";
import type { SignInIssuer } from "./issuer.js";
import { signInClaims } from "./jwt-claims.js";
import { issuerErrorCode } from "./token-refresh.js";

export interface IssuedTokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
}

/** A PKCE pair (RFC 7636, S256) as the Codex CLI makes it: 64 random bytes, base64url. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(64).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function issuerDescription(body: string): string | undefined {
  try {
    const json = JSON.parse(body) as { error_description?: unknown; error?: { message?: unknown } };
    if (typeof json.error_description === "string") return json.error_description;
    if (typeof json.error?.message === "string") return json.error.message;
  } catch {
    // not JSON: the code alone
  }
  return undefined;
}

/**
 * Exchange an authorization code (browser or device sign-in) for tokens, as Codex does: a form
 * POST to `<issuer>/oauth/token` with the code, the redirect URI, the client and the verifier.
 */
export async function exchangeCode(
  issuer: SignInIssuer,
  code: string,
  redirectUri: string,
  verifier: string,
): Promise<IssuedTokens> {
  let response: Response;
  try {
    response = await fetch(`${issuer.issuer}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: issuer.clientId,
        code_verifier: verifier,
      }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new AuthError(`cannot reach the sign-in issuer ${issuer.issuer}: ${networkCause(error)}`);
  }
  const body = await response.text().catch(() => "");
  if (!response.ok) {
    const why = issuerDescription(body) ?? issuerErrorCode(body) ?? "unknown error";
    throw new AuthError(`the sign-in issuer refused the code (${response.status}): ${why}`);
  }
  const json = (() => {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  })();
  const { id_token, access_token, refresh_token } = json;
  if (
    typeof id_token !== "string" ||
    typeof access_token !== "string" ||
    typeof refresh_token !== "string"
  ) {
    throw new AuthError("the sign-in issuer's answer lacks the id, access or refresh token");
  }
  return { id_token, access_token, refresh_token };
}

/** Store a new sign-in in `home`'s auth.json (under its lock), replacing what was there. */
export async function saveSignIn(
  home: string,
  tokens: IssuedTokens,
  issuer: SignInIssuer,
): Promise<void> {
  const accountId = signInClaims(tokens.id_token).accountId;
  await withAuthLock(home, async () =>
    writeAuthFile(
      authFilePath(home),
      signInFile(
        tokens,
        { accountId, issuer: issuer.issuer, clientId: issuer.clientId },
        new Date(),
      ),
    ),
  );
}
