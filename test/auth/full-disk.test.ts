import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { authFilePath } from "../../src/auth/auth-file.js";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { signedInHome } from "./demo-sign-in.js";

const ROOT = resolve(import.meta.dirname, "../..");
const WORKER = join(ROOT, "test/auth/full-disk-worker.mjs");
/** A mount namespace of our own, where a tmpfs can be mounted (and filled) without root. */
const canMount = spawnSync("unshare", ["-rm", "true"]).status === 0;

let root: string;
let server: DemoServer;
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "mini-codex-full-disk-"));
  server = await startDemoServer();
});
afterEach(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** Run the worker with `auth.json` (copied from `source`) on a small tmpfs filled up. */
function onFullDisk(source: string): Promise<{ code: number | null; out: string; err: string }> {
  const home = join(root, "full");
  mkdirSync(home);
  const script = [
    'mount -t tmpfs -o size=64k tmpfs "$1"',
    'cp "$2" "$1/auth.json"',
    '{ cat /dev/zero > "$1/filler" 2>/dev/null || true; }',
    'exec "$3" "$4" "$1" "$5" "$6" "$1/filler"',
  ].join(" && ");
  const child = spawn(
    "unshare",
    [
      "-rm",
      "sh",
      "-c",
      script,
      "sh",
      home,
      source,
      process.execPath,
      WORKER,
      server.issuer.issuerUrl,
      join(ROOT, "dist"),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => {
    out += c;
  });
  child.stderr.setEncoding("utf8").on("data", (c: string) => {
    err += c;
  });
  return new Promise((done) => child.on("close", (code) => done({ code, out, err })));
}

describe.skipIf(!canMount)("a refresh on a full disk", () => {
  it("keeps the rotated tokens, says what happened, and writes them once there is space", async () => {
    const signedIn = join(root, "signed-in");
    mkdirSync(signedIn);
    await signedInHome(signedIn, server.issuer.issuerUrl);
    const run = await onFullDisk(authFilePath(signedIn));
    expect(run.code, run.err).toBe(0);
    const seen = JSON.parse(run.out);
    // the person is told, with the reason, and nothing of a token
    expect(seen.refused).toContain("was refreshed, but");
    expect(seen.refused).toContain("could not be written (ENOSPC)");
    // the process goes on with the new token while the file cannot take it …
    expect(seen.next).not.toBe(seen.loaded);
    expect(seen.diskWhileFull).toBe(seen.loaded);
    // … and writes it at the first request once there is space, without asking the issuer again
    expect(seen.afterSpace).toBe(seen.next);
    expect(seen.diskAfterSpace).toBe(seen.next);
    expect(seen.refreshedAgain).not.toBe(seen.next);
    expect(server.issuer.refreshes).toBe(2);
    expect(server.issuer.grants.every((grant) => grant.ok)).toBe(true);
  }, 60_000);
});
