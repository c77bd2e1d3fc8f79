import { randomBytes } from "node:crypto";
import { authFilePath, signInFile, writeAuthFile } from "../../src/auth/auth-file.js";
import { CODEX_CLIENT_ID } from "../../src/auth/issuer.js";
import { signInClaims } from "../../src/auth/jwt-claims.js";
import { pkceChallenge } from "../../src/demo/issuer.js";

export interface Tokens {
  id_token: string;
  access_token: string;
  refresh_token: string;
}

/** A browser sign-in at the demo issuer, done over HTTP as a browser and a CLI would. */
export async function signInAtDemo(issuerUrl: string): Promise<Tokens> {
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = "http://localhost:1455/auth/callback";
  const authorize = new URL(`${issuerUrl}/oauth/authorize`);
  for (const [key, value] of Object.entries({
    response_type: "code",
    client_id: CODEX_CLIENT_ID,
    redirect_uri: redirectUri,
    scope: "openid profile email offline_access",
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: "S256",
    state: "s1",
  })) {
    authorize.searchParams.set(key, value);
  }
  const approved = await fetch(authorize, { redirect: "manual" });
  const code = new URL(approved.headers.get("location") ?? "").searchParams.get("code") ?? "";
  const answer = await fetch(`${issuerUrl}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: CODEX_CLIENT_ID,
      code_verifier: verifier,
    }),
  });
  if (!answer.ok) throw new Error(`sign-in failed: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as Tokens;
}

/** Sign in at the demo issuer and store the result in `home`'s auth.json. */
export async function signedInHome(home: string, issuerUrl: string): Promise<Tokens> {
  const tokens = await signInAtDemo(issuerUrl);
  const { id_token, access_token, refresh_token } = tokens;
  writeAuthFile(
    authFilePath(home),
    signInFile(
      { id_token, access_token, refresh_token },
      signInClaims(id_token).accountId,
      new Date(),
    ),
  );
  return tokens;
}
