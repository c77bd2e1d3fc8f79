import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authFilePath, readAuthFile } from "../../src/auth/auth-file.js";
import type { ChatgptSignIn } from "../../src/auth/chatgpt-sign-in.js";
import { exchangeCode } from "../../src/auth/code-exchange.js";
import { AuthError } from "../../src/auth/credentials.js";
import { credentialsFor } from "../../src/auth/credentials-for.js";
import { requestDeviceCode } from "../../src/auth/device-sign-in.js";
import { CODEX_CLIENT_ID, signInIssuer } from "../../src/auth/issuer.js";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { signedInHome } from "./demo-sign-in.js";

/** A loopback port nothing listens on (port 9 is one fetch refuses to ask at all). */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const { port } = listener.address() as AddressInfo;
  await new Promise((resolve) => listener.close(resolve));
  return port;
}

let home: string;
let server: DemoServer;
beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), "mini-codex-refresh-"));
  server = await startDemoServer();
});
afterEach(async () => {
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

const load = (now?: () => number) =>
  credentialsFor(home, {
    issuer: signInIssuer(server.issuer.issuerUrl, {}),
    ...(now ? { now } : {}),
  }) as ChatgptSignIn;

describe("a ChatGPT sign-in kept valid", () => {
  it("refreshes before expiry, stores the rotated tokens 0600, and the next process takes them", async () => {
    server.issuer.accessTokenTtlMs = 20_000;
    const first = await signedInHome(home, server.issuer.issuerUrl);
    server.issuer.accessTokenTtlMs = 3_600_000; // the refreshed tokens live an hour
    const later = () => Date.now() + 15_000; // past half of the first token's 20 s life
    const one = load(later);
    const other = load(later); // loaded before the refresh: holds the old token
    const got = await one.current();
    expect(got.token).not.toBe(first.access_token);
    expect(got.accountId).toBe(server.issuer.account.accountId);
    expect(server.issuer.refreshes).toBe(1);
    const stored = readAuthFile(authFilePath(home));
    expect(stored?.tokens?.access_token).toBe(got.token);
    expect(stored?.tokens?.refresh_token).not.toBe(first.refresh_token);
    expect(stored?.auth_mode).toBe("chatgpt");
    expect(statSync(authFilePath(home)).mode & 0o777).toBe(0o600);
    // the other holder reads the file again under the lock: the new token, no second refresh
    expect((await other.current()).token).toBe(got.token);
    expect(server.issuer.refreshes).toBe(1);
    // a token refreshed 1 s ago is not due: no request at all
    expect((await one.current()).token).toBe(got.token);
    expect(server.issuer.grants.filter((g) => g.grantType === "refresh_token")).toHaveLength(1);
  });

  it("after a 401 refreshes once; a 401 on a token already replaced takes the replacement", async () => {
    const first = await signedInHome(home, server.issuer.issuerUrl);
    const one = load();
    const other = load();
    const renewed = await one.afterUnauthorized(first.access_token);
    expect(renewed.token).not.toBe(first.access_token);
    expect(server.issuer.refreshes).toBe(1);
    expect((await other.afterUnauthorized(first.access_token)).token).toBe(renewed.token);
    expect(server.issuer.refreshes).toBe(1);
  });

  it("a refresh token used elsewhere is refused as reused: says to log in, and is never sent again", async () => {
    const first = await signedInHome(home, server.issuer.issuerUrl);
    // someone else spends the refresh token without writing the file (a copied auth.json)
    const stolen = await fetch(`${server.issuer.issuerUrl}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: CODEX_CLIENT_ID,
        grant_type: "refresh_token",
        refresh_token: first.refresh_token,
      }),
    });
    expect(stolen.status).toBe(200);
    const before = readFileSync(authFilePath(home), "utf8");
    const one = load();
    const refused = one.afterUnauthorized(first.access_token);
    await expect(refused).rejects.toBeInstanceOf(AuthError);
    await expect(refused).rejects.toThrow(/already|elsewhere.*mini-codex login/);
    const asked = server.issuer.grants.length;
    await expect(one.afterUnauthorized(first.access_token)).rejects.toThrow(/mini-codex login/);
    expect(server.issuer.grants.length).toBe(asked);
    expect(server.issuer.grants.at(-1)).toMatchObject({ ok: false, error: "refresh_token_reused" });
    // the file is left as it was; nothing of the token is in the message
    expect(readFileSync(authFilePath(home), "utf8")).toBe(before);
    await refused.catch((error: Error) => expect(error.message).not.toContain(first.refresh_token));
  });

  it("signed out in another process: the refresh says so instead of using the old tokens", async () => {
    const first = await signedInHome(home, server.issuer.issuerUrl);
    const one = load();
    rmSync(authFilePath(home));
    await expect(one.afterUnauthorized(first.access_token)).rejects.toThrow(
      /signed out.*mini-codex login/,
    );
    expect(server.issuer.refreshes).toBe(0);
  });

  it("an issuer that cannot be reached: a token not yet expired is still used", async () => {
    server.issuer.accessTokenTtlMs = 20_000;
    await signedInHome(home, server.issuer.issuerUrl);
    // Codex's override sends the refresh to a port nothing listens on
    const env = {
      CODEX_REFRESH_TOKEN_URL_OVERRIDE: `http://127.0.0.1:${await closedPort()}/oauth/token`,
    };
    const one = credentialsFor(home, {
      issuer: signInIssuer(server.issuer.issuerUrl, env),
      env,
      now: () => Date.now() + 15_000,
    });
    const got = await one?.current();
    expect(got?.token).toBe(readAuthFile(authFilePath(home))?.tokens?.access_token);
    expect(server.issuer.refreshes).toBe(0);
  });

  it("an issuer that cannot be reached once the token expired: the error says why, not only 'fetch failed'", async () => {
    await signedInHome(home, server.issuer.issuerUrl);
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const env = { CODEX_REFRESH_TOKEN_URL_OVERRIDE: `${nowhere}/oauth/token` };
    const one = credentialsFor(home, {
      issuer: signInIssuer(server.issuer.issuerUrl, env),
      env,
      now: () => Date.now() + 2 * 3_600_000, // past the hour the token lives
    });
    await expect(one?.current()).rejects.toThrow(
      `cannot reach the sign-in issuer (${nowhere}): connection refused: nothing listens there (ECONNREFUSED)`,
    );
    // the sign-ins' own requests say the same
    const issuer = signInIssuer(nowhere, {});
    const why = `${nowhere}: connection refused: nothing listens there (ECONNREFUSED)`;
    await expect(requestDeviceCode(issuer)).rejects.toThrow(why);
    await expect(
      exchangeCode(issuer, "code", "http://localhost:1455/auth/callback", "v"),
    ).rejects.toThrow(why);
  });

  it("refreshes at the issuer the file names (oauth_provenance), not the configured one", async () => {
    const first = await signedInHome(home, server.issuer.issuerUrl);
    const one = credentialsFor(home, { issuer: signInIssuer("http://127.0.0.1:9", {}), env: {} });
    expect((await one?.afterUnauthorized(first.access_token))?.token).not.toBe(first.access_token);
    expect(server.issuer.refreshes).toBe(1);
  });
});
