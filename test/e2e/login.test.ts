import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authFilePath, readAuthFile } from "../../src/auth/auth-file.js";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { runCli, spawnCli, type TempWorld, tempWorld, waitFor } from "./helpers.js";

const CODEX = resolve(import.meta.dirname, "../../node_modules/.bin/codex");

let world: TempWorld;
let server: DemoServer;
beforeEach(async () => {
  world = tempWorld();
  server = await startDemoServer({ issuer: { deviceIntervalSeconds: 1 } });
});
afterEach(async () => {
  await server.close();
  world.cleanup();
});

const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

/** The real Codex CLI 0.171 with its own home (and temp dir) inside the world. */
function codex(
  args: string[],
  codexHome: string,
  input = "",
): Promise<{ code: number | null; out: string }> {
  const scratch = join(world.root, "codex-tmp");
  mkdirSync(scratch, { recursive: true });
  const child = spawn(CODEX, args, {
    env: {
      PATH: process.env.PATH,
      HOME: world.root,
      CODEX_HOME: codexHome,
      TMPDIR: scratch,
      NO_COLOR: "1",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end(input);
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => {
    out += c;
  });
  child.stderr.setEncoding("utf8").on("data", (c: string) => {
    out += c;
  });
  return new Promise((done) => child.on("close", (code) => done({ code, out })));
}

/** The part of every sign-in's tokens that must never be printed. */
function secretsOf(home: string): string[] {
  const tokens = readAuthFile(authFilePath(home))?.tokens;
  return tokens ? [tokens.access_token, tokens.refresh_token, tokens.id_token] : [];
}

describe("mini-codex login (against the demo issuer)", () => {
  it("the browser sign-in: the printed URL, the issuer's redirect to the local callback, then status", async () => {
    const login = spawnCli(
      ["login", "--experimental_issuer", server.issuer.issuerUrl, "--callback-port", "0"],
      { env: world.env() },
    );
    let url = "";
    await waitFor(() => {
      url =
        /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?\S+)/.exec(login.output().stderr)?.[1] ?? "";
      return url !== "";
    });
    const authorize = new URL(url);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("originator")).toBe("mini-codex");
    expect(authorize.searchParams.get("redirect_uri")).toMatch(
      /^http:\/\/localhost:\d+\/auth\/callback$/,
    );
    // the test is the browser: the issuer approves and redirects; a forged state is refused first
    const approved = await fetch(url, { redirect: "manual" });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get("location") ?? "");
    const forged = new URL(callback);
    forged.searchParams.set("state", "not-the-one");
    expect((await fetch(forged)).status).toBe(400);
    const page = await fetch(callback);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Signed in to mini-codex");
    const run = await login.done;
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Signed in with ChatGPT as ${server.issuer.account.email}`);
    expect(statSync(authFilePath(world.home)).mode & 0o777).toBe(0o600);

    const status = await runCli(["login", "status"], { env: world.env() });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(
      `Signed in with ChatGPT: ${server.issuer.account.email}, plan plus, account ${server.issuer.account.accountId}`,
    );
    for (const secret of secretsOf(world.home)) {
      expect(run.stderr + status.stdout + status.stderr).not.toContain(secret);
    }
    // the Codex CLI reads the file mini-codex wrote, as it is
    const theirs = await codex(["login", "status"], world.home);
    expect(theirs.out).toContain("Logged in using ChatGPT");
    expect(theirs.code).toBe(0);
  });

  it("a code exchanged with another verifier is refused by the issuer", async () => {
    const url = new URL(`${server.issuer.issuerUrl}/oauth/authorize`);
    const challenge = "x".repeat(43);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: "app_EMoamEEZ73f0CkXaXp7hrann",
      redirect_uri: "http://localhost:1455/auth/callback",
      scope: "openid offline_access",
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "s",
    })) {
      url.searchParams.set(k, v);
    }
    const code = new URL(
      (await fetch(url, { redirect: "manual" })).headers.get("location") ?? "",
    ).searchParams.get("code");
    const exchanged = await fetch(`${server.issuer.issuerUrl}/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: code ?? "",
        redirect_uri: "http://localhost:1455/auth/callback",
        client_id: "app_EMoamEEZ73f0CkXaXp7hrann",
        code_verifier: "a-verifier-that-does-not-hash-to-the-challenge-0000",
      }),
    });
    expect(exchanged.status).toBe(400);
    expect(await exchanged.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("the device-code sign-in: the code it prints, approved on the issuer's page", async () => {
    const login = spawnCli(
      ["login", "--device-auth", "--experimental_issuer", server.issuer.issuerUrl],
      {
        env: world.env(),
      },
    );
    let code = "";
    await waitFor(() => {
      code = /\b([0-9A-F]{4}-[0-9A-F]{6})\b/.exec(login.output().stderr)?.[1] ?? "";
      return code !== "";
    });
    expect(login.output().stderr).toContain(`${server.issuer.issuerUrl}/codex/device`);
    const approve = await fetch(`${server.issuer.issuerUrl}/codex/device`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ user_code: code }),
    });
    expect(approve.status).toBe(200);
    const run = await login.done;
    expect(run.code).toBe(0);
    const status = await runCli(["login", "status"], { env: world.env() });
    expect(status.stdout).toContain(`Signed in with ChatGPT: ${server.issuer.account.email}`);
  });

  it("--with-api-key reads stdin; status masks the key; the Codex CLI reads it; logout removes it", async () => {
    const key = "sk-test-0123456789abcdef";
    const login = await runCli(["login", "--with-api-key"], {
      env: world.env(),
      input: `${key}\n`,
    });
    expect(login.code).toBe(0);
    expect(JSON.parse(readFileSync(authFilePath(world.home), "utf8"))).toEqual({
      auth_mode: "apikey",
      OPENAI_API_KEY: key,
    });
    const status = await runCli(["login", "status"], { env: world.env() });
    expect(status.stdout).toContain("Signed in with an API key - sk-test-***bcdef");
    expect(status.stdout + status.stderr + login.stderr).not.toContain(key);
    expect((await codex(["login", "status"], world.home)).out).toContain("sk-test-***bcdef");

    const logout = await runCli(["logout"], { env: world.env() });
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain("Signed out");
    const after = await runCli(["login", "status"], { env: world.env() });
    expect(after.code).toBe(1);
    expect(after.stdout).toContain("Not signed in: run `mini-codex login`");
  });

  it("logout with the sign-in in codex_home: says it is still signed in there, never 'Not signed in'", async () => {
    const { writeFileSync } = await import("node:fs");
    const codexHome = join(world.root, "codex-home");
    mkdirSync(codexHome);
    const key = "sk-test-codex-home-0123456789";
    writeFileSync(
      authFilePath(codexHome),
      JSON.stringify({ auth_mode: "apikey", OPENAI_API_KEY: key }),
    );
    mkdirSync(world.home, { recursive: true });
    writeFileSync(join(world.home, "config.toml"), `codex_home = ${JSON.stringify(codexHome)}\n`);
    const logout = await runCli(["logout"], { env: world.env() });
    expect(logout.code).toBe(0);
    expect(logout.stderr).not.toContain("Not signed in");
    expect(logout.stderr).toContain(`still signed in with ${authFilePath(codexHome)}`);
    expect(logout.stderr).not.toContain(key);
    // the Codex CLI's file is its own: left as it was, and still what mini-codex uses
    expect(readAuthFile(authFilePath(codexHome))?.OPENAI_API_KEY).toBe(key);
    const status = await runCli(["login", "status"], { env: world.env() });
    expect(status.stdout).toContain(
      `Signed in with an API key - sk-test-***56789 (${authFilePath(codexHome)})`,
    );
  });

  it("an auth.json that is not JSON: status names it and says what to do; the file is kept", async () => {
    mkdirSync(world.home, { recursive: true });
    const path = authFilePath(world.home);
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path, "{ not json");
    const status = await runCli(["login", "status"], { env: world.env() });
    expect(status.code).toBe(1);
    expect(status.stderr).toContain(`${path} is not valid JSON`);
    expect(status.stderr).not.toContain("unexpected error");
    expect(readFileSync(path, "utf8")).toBe("{ not json");
  });
});

describe("a sign-in the real Codex CLI 0.171 wrote", () => {
  it("device login by Codex at the demo issuer: mini-codex reads it as is and refreshes it in place", async () => {
    const codexHome = join(world.root, "codex-home");
    mkdirSync(codexHome);
    const scratch = join(world.root, "codex-tmp");
    mkdirSync(scratch);
    const child = spawn(
      CODEX,
      ["login", "--device-auth", "--experimental_issuer", server.issuer.issuerUrl],
      {
        env: { PATH: process.env.PATH, HOME: world.root, CODEX_HOME: codexHome, TMPDIR: scratch },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      out += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      out += c;
    });
    const exited = new Promise<number | null>((done) => child.on("close", done));
    let code = "";
    await waitFor(() => {
      code = /\b([0-9A-F]{4}-[0-9A-F]{6})\b/.exec(stripAnsi(out))?.[1] ?? "";
      return code !== "";
    }, 45_000);
    await fetch(`${server.issuer.issuerUrl}/codex/device`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ user_code: code }),
    });
    expect(await exited).toBe(0);
    const written = readFileSync(authFilePath(codexHome), "utf8");

    // mini-codex pointed at that home (codex_home) says who is signed in
    mkdirSync(world.home, { recursive: true });
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(world.home, "config.toml"), `codex_home = ${JSON.stringify(codexHome)}\n`);
    const status = await runCli(["login", "status"], { env: world.env() });
    expect(status.stdout).toContain(`Signed in with ChatGPT: ${server.issuer.account.email}`);
    expect(status.stdout).toContain(authFilePath(codexHome));

    // a refresh by mini-codex keeps every field Codex wrote and Codex still reads it
    const { credentialsFor } = await import("../../src/auth/credentials-for.js");
    const { signInIssuer } = await import("../../src/auth/issuer.js");
    const before = JSON.parse(written);
    const credentials = credentialsFor(codexHome, { issuer: signInIssuer(undefined, {}), env: {} });
    const renewed = await credentials?.afterUnauthorized(before.tokens.access_token);
    expect(renewed?.accountId).toBe(server.issuer.account.accountId);
    expect(server.issuer.refreshes).toBe(1);
    const after = JSON.parse(readFileSync(authFilePath(codexHome), "utf8"));
    expect(after.tokens.access_token).toBe(renewed?.token);
    expect(after.tokens.refresh_token).not.toBe(before.tokens.refresh_token);
    expect(Object.keys(after.tokens).sort()).toEqual(Object.keys(before.tokens).sort());
    expect(after.tokens.login_owner_id).toBe(before.tokens.login_owner_id);
    expect((await codex(["login", "status"], codexHome)).out).toContain("Logged in using ChatGPT");
  });
});
