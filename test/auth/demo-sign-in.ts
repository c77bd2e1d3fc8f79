import { authFilePath, signInFile, writeAuthFile } from "../../src/auth/auth-file.js";
import { exchangeCode, pkcePair } from "../../src/auth/code-exchange.js";
import { CODEX_CLIENT_ID, signInIssuer } from "../../src/auth/issuer.js";
import { signInClaims } from "../../src/auth/jwt-claims.js";

export interface Tokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
}

/** A browser sign-in at the demo issuer, done over HTTP as a browser and a CLI would. */
export async function signInAtDemo(issuerUrl: string): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const redirectUri = "http://localhost:1455/auth/callback";
  const authorize = new URL(`${issuerUrl}/oauth/authorize`);
  for (const [key, value] of Object.entries({
    response_type: "code",
    client_id: CODEX_CLIENT_ID,
    redirect_uri: redirectUri,
    scope: "openid profile email offline_access",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "s1",
  })) {
    authorize.searchParams.set(key, value);
  }
  const approved = await fetch(authorize, { redirect: "manual" });
  const code = new URL(approved.headers.get("location") ?? "").searchParams.get("code") ?? "";
  return exchangeCode(signInIssuer(issuerUrl, {}), code, redirectUri, verifier);
}

/** Sign in at the demo issuer and store the result in `home`'s auth.json. */
export async function signedInHome(home: string, issuerUrl: string): Promise<Tokens> {
  const tokens = await signInAtDemo(issuerUrl);
  const { id_token, access_token, refresh_token } = tokens;
  writeAuthFile(
    authFilePath(home),
    signInFile(
      { id_token, access_token, refresh_token },
      { accountId: signInClaims(id_token).accountId, issuer: issuerUrl, clientId: CODEX_CLIENT_ID },
      new Date(),
    ),
  );
  return tokens;
}
