import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AuthFileError,
  apiKeyFile,
  authFilePath,
  authModeOf,
  readAuthFile,
  signInFile,
  writeAuthFile,
} from "../../src/auth/auth-file.js";
import { credentialsFor } from "../../src/auth/credentials-for.js";
import { signInIssuer } from "../../src/auth/issuer.js";
import { signInClaims, tokenTimes } from "../../src/auth/jwt-claims.js";
import { refreshDue } from "../../src/auth/refresh-due.js";
import { DEMO_ACCOUNT, IssuerSigner } from "../../src/demo/backend/issuer-tokens.js";

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "mini-codex-auth-"));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const signer = new IssuerSigner(() => "http://issuer.invalid");
const issuer = signInIssuer("http://issuer.invalid", {});

describe("auth.json", () => {
  it("is written 0600, whole, with no temporary file left beside it", () => {
    const path = authFilePath(home);
    writeAuthFile(path, apiKeyFile("sk-test-abcdefgh"));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(home)).toEqual(["auth.json"]);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({
      auth_mode: "apikey",
      OPENAI_API_KEY: "sk-test-abcdefgh",
    });
    writeAuthFile(path, apiKeyFile("sk-test-second-key"));
    expect(readAuthFile(path)?.OPENAI_API_KEY).toBe("sk-test-second-key");
    expect(readdirSync(home)).toEqual(["auth.json"]);
  });

  it("a file that is not JSON is a clear error that does not quote it, and stays as it was", () => {
    const path = authFilePath(home);
    writeFileSync(path, '{"OPENAI_API_KEY": "sk-secret-value-123", oops');
    expect(() => credentialsFor(home, { issuer })).toThrow(AuthFileError);
    try {
      readAuthFile(path);
    } catch (error) {
      expect((error as Error).message).toContain("mini-codex login");
      expect((error as Error).message).not.toContain("sk-secret-value-123");
    }
    expect(readFileSync(path, "utf8")).toContain("oops");
  });

  it("tokens without an access token are refused, naming the field", () => {
    writeFileSync(
      authFilePath(home),
      JSON.stringify({ tokens: { id_token: "a", refresh_token: "b" } }),
    );
    expect(() => credentialsFor(home, { issuer })).toThrow(/tokens\.access_token/);
  });

  it("reads the mode as Codex does: an explicit auth_mode, else a key means apikey", () => {
    expect(authModeOf({ OPENAI_API_KEY: "sk-x" })).toBe("apikey");
    expect(
      authModeOf({
        OPENAI_API_KEY: null,
        tokens: { id_token: "", access_token: "", refresh_token: "" },
      }),
    ).toBe("chatgpt");
    expect(authModeOf({ auth_mode: "agentIdentity" })).toBe("other");
    writeFileSync(
      authFilePath(home),
      JSON.stringify({ auth_mode: "agentIdentity", agent_identity: "x" }),
    );
    expect(() => credentialsFor(home, { issuer })).toThrow(/agentIdentity.*mini-codex login/);
  });

  it("no file: no credential", () => {
    expect(credentialsFor(home, { issuer })).toBeUndefined();
  });

  it("an API key gives it as the bearer, with no account", async () => {
    writeAuthFile(authFilePath(home), apiKeyFile("sk-test-abcdefgh"));
    const credentials = credentialsFor(home, { issuer });
    expect(credentials?.kind).toBe("api_key");
    expect(await credentials?.current()).toEqual({ token: "sk-test-abcdefgh" });
    await expect(credentials?.afterUnauthorized("sk-test-abcdefgh")).rejects.toThrow(/refused/);
  });

  it("a ChatGPT sign-in gives its access token and the account of its id token", async () => {
    const now = Date.now();
    const tokens = {
      id_token: signer.idToken(DEMO_ACCOUNT, issuer.clientId, now),
      access_token: signer.accessToken(DEMO_ACCOUNT, issuer.clientId, now, 3_600_000),
      refresh_token: "rt_demo",
    };
    writeAuthFile(
      authFilePath(home),
      signInFile(
        tokens,
        { accountId: DEMO_ACCOUNT.accountId, issuer: issuer.issuer, clientId: issuer.clientId },
        new Date(now),
      ),
    );
    const credentials = credentialsFor(home, { issuer });
    expect(credentials?.kind).toBe("chatgpt");
    expect(await credentials?.current()).toEqual({
      token: tokens.access_token,
      accountId: DEMO_ACCOUNT.accountId,
    });
    expect(signInClaims(tokens.id_token)).toEqual({
      email: DEMO_ACCOUNT.email,
      planType: "plus",
      userId: DEMO_ACCOUNT.userId,
      accountId: DEMO_ACCOUNT.accountId,
    });
  });
});

describe("refreshDue", () => {
  it("refreshes five minutes ahead, or half way through a shorter life, never a fresh token", () => {
    const now = 1_800_000_000_000;
    const hour = signer.accessToken(DEMO_ACCOUNT, "c", now, 3_600_000);
    expect(refreshDue(hour, undefined, now)).toBe(false);
    expect(refreshDue(hour, undefined, now + 54 * 60_000)).toBe(false);
    expect(refreshDue(hour, undefined, now + 56 * 60_000)).toBe(true);
    const short = signer.accessToken(DEMO_ACCOUNT, "c", now, 20_000);
    expect(tokenTimes(short).expiresAt).toBe(now + 20_000);
    expect(refreshDue(short, undefined, now + 9_000)).toBe(false);
    expect(refreshDue(short, undefined, now + 11_000)).toBe(true);
  });

  it("a token without exp: after eight days since the last refresh (Codex's rule)", () => {
    const now = Date.parse("2026-12-10T00:00:00Z");
    expect(refreshDue("opaque", "2026-12-05T00:00:00Z", now)).toBe(false);
    expect(refreshDue("opaque", "2026-12-01T00:00:00Z", now)).toBe(true);
    expect(refreshDue("opaque", undefined, now)).toBe(false);
  });
});
