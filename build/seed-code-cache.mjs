// Seeds V8's code cache for exec at build time (issue 31: the first launch in a new home, as
// in every CI job, container and `npx` run, compiled the whole bundle from source). Runs one
// `exec` on the demo provider in a scratch home and folder, then keeps the cache that launch
// wrote as dist/bundle-cjs/code-cache/exec-<key>.bin, where bin/code-cache.js reads it when a
// home has none of its own. The key carries the bundle's hash, Node's version and the
// architecture: a rebuilt bundle or another Node never reads a stale seed. A failure here
// only costs the seed (the launcher compiles from source as before); it never fails the build.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../", import.meta.url));
const seedDir = join(repo, "dist", "bundle-cjs", "code-cache");
const scratch = mkdtempSync(join(tmpdir(), "mini-codex-seed-"));
// an earlier seed would be read instead of a cache written: the run must compile from source
rmSync(seedDir, { recursive: true, force: true });
try {
  const home = join(scratch, "home");
  const cwd = join(scratch, "work");
  mkdirSync(cwd);
  const env = { PATH: process.env.PATH, HOME: scratch, MINI_CODEX_HOME: home, TMPDIR: scratch };
  const run = spawnSync(
    process.execPath,
    [join(repo, "bin", "mini-codex.js"), "exec", "--demo", "--skip-git-repo-check", "hello"],
    { cwd, env, stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 },
  );
  const caches = readdirSync(join(home, "cache", "code"), { withFileTypes: true }).filter(
    (entry) => entry.isFile() && /^exec-.*\.bin$/.test(entry.name),
  );
  if (run.status !== 0 || caches.length !== 1) {
    throw new Error(`exec exited ${run.status}: ${String(run.stderr).trim().slice(0, 400)}`);
  }
  mkdirSync(seedDir, { recursive: true });
  const seed = join(seedDir, caches[0].name);
  copyFileSync(join(home, "cache", "code", caches[0].name), seed);
  // as readable as the bundle it belongs to (the home's own caches stay owner-only)
  chmodSync(seed, 0o644);
} catch (error) {
  process.stderr.write(`code cache not seeded (exec will compile on its first launch): ${error.message}\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
