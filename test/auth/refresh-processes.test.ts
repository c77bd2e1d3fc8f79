import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authFilePath, readAuthFile } from "../../src/auth/auth-file.js";
import { withAuthLock } from "../../src/auth/home-lock.js";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { signedInHome } from "./demo-sign-in.js";

const ROOT = resolve(import.meta.dirname, "../..");
const WORKER = join(ROOT, "test/auth/refresh-worker.mjs");
const CODEX = join(ROOT, "node_modules/.bin/codex");

let home: string;
let server: DemoServer;
const started: ChildProcess[] = [];
beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), "mini-codex-shared-"));
  server = await startDemoServer();
});
afterEach(async () => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  started.length = 0;
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

interface Worker {
  child: ChildProcess;
  lines: AsyncIterator<string>;
}

/** A process holding the home's sign-in (the built dist/auth), ready to be told "go". */
async function worker(mode: "current" | "unauthorized"): Promise<Worker> {
  const child = spawn(
    process.execPath,
    [WORKER, home, server.issuer.issuerUrl, mode, join(ROOT, "dist")],
    {
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  started.push(child);
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[
    Symbol.asyncIterator
  ]();
  expect((await lines.next()).value).toBe("ready");
  return { child, lines };
}

async function outcome(
  w: Worker,
): Promise<{ ok: boolean; token?: string; loaded?: string; error?: string }> {
  const line = (await w.lines.next()).value as string;
  return JSON.parse(line);
}

describe("two mini-codex processes sharing one auth.json", () => {
  it("a token both find due is refreshed once on the issuer; both go on with the new one", async () => {
    server.issuer.accessTokenTtlMs = 2_000;
    await signedInHome(home, server.issuer.issuerUrl);
    server.issuer.accessTokenTtlMs = 3_600_000;
    const a = await worker("current");
    const b = await worker("current");
    // wait (on the clock, not a timer) until the 2 s token is past half its life
    const exp = JSON.parse(
      Buffer.from(
        readAuthFile(authFilePath(home))?.tokens?.access_token.split(".")[1] ?? "",
        "base64url",
      ).toString(),
    ).exp;
    while (Date.now() < exp * 1000 - 900) await new Promise((r) => setTimeout(r, 100));
    a.child.stdin?.write("go\n");
    b.child.stdin?.write("go\n");
    const [one, two] = await Promise.all([outcome(a), outcome(b)]);
    expect(one.ok && two.ok).toBe(true);
    expect(one.token).toBe(two.token);
    expect(one.token).not.toBe(one.loaded);
    expect(server.issuer.grants.filter((g) => g.grantType === "refresh_token")).toEqual([
      { grantType: "refresh_token", ok: true },
    ]);
  });

  it("both get a 401 for the same token: one refresh, both continue, the sign-in stays usable", async () => {
    const first = await signedInHome(home, server.issuer.issuerUrl);
    const a = await worker("unauthorized");
    const b = await worker("unauthorized");
    a.child.stdin?.write("go\n");
    b.child.stdin?.write("go\n");
    const [one, two] = await Promise.all([outcome(a), outcome(b)]);
    expect(one.ok && two.ok).toBe(true);
    expect(one.token).toBe(two.token);
    expect(server.issuer.refreshes).toBe(1);
    // without the lock the second would have sent the used refresh token: reused, sign-in revoked
    expect(server.issuer.grants.some((g) => !g.ok)).toBe(false);
    const c = await worker("unauthorized");
    c.child.stdin?.write("go\n");
    expect((await outcome(c)).ok).toBe(true);
    expect(server.issuer.refreshes).toBe(2);
    expect(readAuthFile(authFilePath(home))?.tokens?.refresh_token).not.toBe(first.refresh_token);
  });
});

/** Whether a thread of the process is blocked in flock(2) (x86_64 syscall 73). */
function inFlock(pid: number): boolean {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return false;
  return readdirSync(tasks).some((task) => {
    try {
      return readFileSync(`${tasks}/${task}/syscall`, "utf8").split(" ")[0] === "73";
    } catch {
      return false;
    }
  });
}

describe.skipIf(process.arch !== "x64")("beside the Codex CLI", () => {
  it("the Codex CLI 0.171 waits for mini-codex's auth lock before it writes auth.json", async () => {
    const scratch = join(home, "codex-tmp");
    mkdirSync(scratch);
    let codex: ChildProcess | undefined;
    await withAuthLock(home, async () => {
      codex = spawn(CODEX, ["login", "--with-api-key"], {
        env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: home, TMPDIR: scratch },
        stdio: ["pipe", "ignore", "ignore"],
      });
      started.push(codex);
      codex.stdin?.end("sk-test-written-by-codex-0171\n");
      // the binary the wrapper starts is a child of it: look at every process of that home
      const deadline = Date.now() + 45_000;
      let blocked = false;
      while (!blocked && Date.now() < deadline && codex.exitCode === null) {
        const pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
        blocked = pids.some((pid) => {
          try {
            return (
              readFileSync(`/proc/${pid}/environ`, "utf8").includes(`CODEX_HOME=${home}\0`) &&
              inFlock(Number(pid))
            );
          } catch {
            return false;
          }
        });
        if (!blocked) await new Promise((r) => setTimeout(r, 50));
      }
      expect(blocked).toBe(true);
      expect(existsSync(authFilePath(home))).toBe(false);
    });
    const code = await new Promise<number | null>((r) => {
      if (codex?.exitCode !== null) r(codex?.exitCode ?? null);
      else codex.once("exit", r);
    });
    expect(code).toBe(0);
    expect(readAuthFile(authFilePath(home))?.OPENAI_API_KEY).toBe("sk-test-written-by-codex-0171");
  });
});
