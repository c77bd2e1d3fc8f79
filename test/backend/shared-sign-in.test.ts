import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authFilePath, readAuthFile } from "../../src/auth/auth-file.js";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { signedInHome, type Tokens } from "../auth/demo-sign-in.js";
import {
  type CliRun,
  jsonLines,
  spawnCli,
  type TempWorld,
  tempWorld,
  waitFor,
} from "../e2e/helpers.js";
import { backendExecArgs } from "./credentials.js";

/**
 * Issue 38, done when: two `mini-codex exec` processes of one home (one auth.json) on the demo's
 * Codex backend at once. (a) The token both hold becomes due before it expires: one refresh on
 * the issuer, both turns go on. (b) The backend takes the token for expired while both still
 * hold it valid (its clock runs ahead): both meet a 401, one refresh, both go on. In both, no
 * refresh token is presented twice and no token reaches the output or the home's files.
 *
 * Each turn runs a command that waits for the test's `go` file: both processes have sent their
 * first request with the token they loaded, and the token changes meaning while they wait. The
 * backend then drops its sockets (as it does with idle ones), so each next request opens a new
 * WebSocket, and the upgrade is where a token is asked for and checked.
 */
let server: DemoServer;
let world: TempWorld;
const started: Array<ReturnType<typeof spawnCli>> = [];
beforeEach(async () => {
  server = await startDemoServer();
  world = tempWorld();
});
afterEach(async () => {
  // a test that failed midway leaves its processes waiting: let their commands end, then
  // end the processes, by their ids
  if (existsSync(world.repo)) writeFileSync(join(world.repo, "go"), "");
  for (const run of started.splice(0)) if (run.child.exitCode === null) run.child.kill("SIGKILL");
  await server.close();
  world.cleanup();
});

const HOUR_MS = 3_600_000;

/** `mini-codex exec` on the demo backend whose command waits for `go` in the repo. */
function execWaiting(name: string) {
  const command = `touch started-${name} && while [ ! -f go ]; do sleep 0.1; done && echo done-${name}`;
  // the command waits as long as the test needs (the default timeout is 10 s)
  const run = spawnCli(backendExecArgs(server, `run: ${command}`, ["shell_timeout_ms=120000"]), {
    env: world.env(),
    cwd: world.repo,
  });
  started.push(run);
  return run;
}

/** Start both, wait until both commands run (their first request was answered). */
async function bothWaiting() {
  const runs = [execWaiting("a"), execWaiting("b")];
  await waitFor(
    () => ["a", "b"].every((name) => existsSync(join(world.repo, `started-${name}`))),
    90_000,
  );
  return runs;
}

/** Let the commands finish; both processes end. */
async function release(runs: ReturnType<typeof execWaiting>[]): Promise<CliRun[]> {
  server.closeSockets();
  writeFileSync(join(world.repo, "go"), "");
  return Promise.all(runs.map((run) => run.done));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Both answered, exit 0; no token in their output or in any file of the home but auth.json. */
function expectBothAnswered(done: CliRun[], tokens: Tokens[]): void {
  done.forEach((run, index) => {
    const name = ["a", "b"][index];
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.stringify(jsonLines(run.stdout))).toContain(`done-${name}`);
  });
  const secrets = tokens.flatMap((t) => [t.access_token, t.refresh_token, t.id_token]);
  const files = filesUnder(world.home).filter((path) => path !== authFilePath(world.home));
  // the session files and the ledgers are there to be read
  expect(files.some((path) => path.includes("sessions"))).toBe(true);
  expect(files.some((path) => path.includes("ledger"))).toBe(true);
  const texts = [...done.flatMap((run) => [run.stdout, run.stderr]), ...files.map(readText)];
  for (const secret of secrets) {
    for (const text of texts) expect(text.includes(secret)).toBe(false);
  }
}

function readText(path: string): string {
  return readFileSync(path, "latin1");
}

/** The tokens auth.json holds now. */
function stored(): Tokens {
  const tokens = readAuthFile(authFilePath(world.home))?.tokens;
  if (!tokens) throw new Error("auth.json holds no sign-in");
  return tokens;
}

/** When the token's `exp` says it expires (epoch ms). */
function expiry(accessToken: string): number {
  const payload = accessToken.split(".")[1] ?? "";
  return (JSON.parse(Buffer.from(payload, "base64url").toString()) as { exp: number }).exp * 1000;
}

describe("two mini-codex exec processes sharing one auth.json, on the demo's Codex backend", () => {
  it("(a) a token both hold becomes due before it expires: one refresh, both turns complete", async () => {
    // a 40 s token is due after half its life (time for both to start under load); the one
    // the refresh gets lives an hour
    server.issuer.accessTokenTtlMs = 40_000;
    const first = await signedInHome(world.home, server.issuer.issuerUrl);
    server.issuer.accessTokenTtlMs = HOUR_MS;
    const runs = await bothWaiting();
    expect(server.issuer.refreshes).toBe(0);
    const due = expiry(first.access_token) - 20_000;
    await waitFor(() => Date.now() >= due + 500, 30_000);
    const done = await release(runs);

    expect(server.issuer.grants).toEqual([
      { grantType: "authorization_code", ok: true },
      { grantType: "refresh_token", ok: true },
    ]);
    expect(server.backend.refusals).toEqual([]); // refreshed ahead: no 401 on the way
    expect(stored().access_token).not.toBe(first.access_token);
    expectBothAnswered(done, [first, stored()]);
  }, 180_000);

  it("(b) the backend takes the token for expired between requests: both meet a 401, one refresh, both continue", async () => {
    const first = await signedInHome(world.home, server.issuer.issuerUrl);
    // the token both hold lives an hour; the refreshed one three, so it is valid for the backend
    server.issuer.accessTokenTtlMs = 3 * HOUR_MS;
    const runs = await bothWaiting();
    server.backend.clockAheadMs = HOUR_MS + 60_000;
    const done = await release(runs);

    expect(server.backend.refusals.map((r) => r.status)).toEqual([401, 401]);
    expect(server.issuer.grants).toEqual([
      { grantType: "authorization_code", ok: true },
      { grantType: "refresh_token", ok: true },
    ]);
    expect(stored().refresh_token).not.toBe(first.refresh_token);
    expectBothAnswered(done, [first, stored()]);
  }, 180_000);
});
