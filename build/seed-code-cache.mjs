// Seeds V8's code cache at build time (issue 31: the first launch in a new home, as in every
// CI job, container and `npx` run, compiled the whole bundle from source). One launch of each
// kind on the demo provider in a scratch home and folder — `exec` with a prompt against a demo
// server in this process, and the TUI in a pseudo-terminal (util-linux `script`) until its prompt echoes a key, then Ctrl+C twice —
// and the cache each wrote at exit is kept as dist/bundle-cjs/code-cache/<kind>-<key>.bin,
// where bin/code-cache.js reads it when a home has none of its own. The key carries the
// bundle's hash, Node's version and the architecture: a rebuilt bundle or another Node never
// reads a stale seed. A failure costs only that seed (the launch compiles from source, as
// before) and never fails the build.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeBundleFacts } from "../bin/code-cache.js";

const repo = fileURLToPath(new URL("../", import.meta.url));
const bin = join(repo, "bin", "mini-codex.js");
const seedDir = join(repo, "dist", "bundle-cjs", "code-cache");
const TIMEOUT_MS = 60_000;

/** A scratch HOME, $MINI_CODEX_HOME and git repository for one training launch. */
function scratchWorld() {
  const root = mkdtempSync(join(tmpdir(), "mini-codex-seed-"));
  const cwd = join(root, "work");
  mkdirSync(cwd);
  execFileSync("git", ["init", "-q", cwd]);
  const home = join(root, "home");
  // a folder trusted beforehand: the TUI does not stop at its trust question
  mkdirSync(home);
  writeFileSync(join(home, "config.toml"), `[projects.${JSON.stringify(realpathSync(cwd))}]\ntrust_level = "trusted"\n`);
  const env = { PATH: process.env.PATH, HOME: root, MINI_CODEX_HOME: home, TMPDIR: root, TERM: "xterm-256color" };
  return { root, cwd, home, env };
}

/**
 * `exec` as users run it: against a provider in another process (the demo server, started here),
 * not `--demo`, whose in-process server would put the server's functions in the cache (more to
 * deserialize at every launch) and keep out those of a remote provider.
 */
async function trainExec(world) {
  const { startDemoServer } = await import("../dist/demo/index.js");
  const server = await startDemoServer();
  try {
    const args = [bin, "exec", "-c", `openai_base_url=${server.baseUrl}`, "hello"];
    const child = spawn(process.execPath, args, { cwd: world.cwd, env: world.env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    const code = await new Promise((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    clearTimeout(timer);
    if (code !== 0) throw new Error(`exec exited ${code}: ${stderr.trim().slice(0, 300)}`);
  } finally {
    await server.close();
  }
}

/** The TUI in a 100x30 pty: wait for the prompt, type a key, see it echoed, quit, wait for exit. */
function trainTui(world) {
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", `stty cols 100 rows 30; exec ${process.execPath} ${bin} --demo`, "/dev/null"], {
      cwd: world.cwd,
      env: world.env,
      stdio: ["pipe", "pipe", "ignore"],
    });
    let output = "";
    let typed = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no prompt within ${TIMEOUT_MS / 1000} s`));
    }, TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`the TUI exited ${code}`));
    });
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (!typed && output.includes("Ask mini-codex")) {
        typed = true;
        child.stdin.write("z");
      }
      if (typed && /›\s(?:\u001b\[[0-9;]*m)*z/.test(output)) {
        output = "";
        child.stdin.write("\u0003");
        setTimeout(() => child.stdin.write("\u0003"), 200);
      }
    });
  });
}

async function seed(kind, train) {
  const world = scratchWorld();
  try {
    await train(world);
    const dir = join(world.home, "cache", "code");
    const caches = readdirSync(dir).filter((name) => name.startsWith(`${kind}-`) && name.endsWith(".bin"));
    if (caches.length !== 1) throw new Error(`${caches.length} caches written`);
    const seedFile = join(seedDir, caches[0]);
    copyFileSync(join(dir, caches[0]), seedFile);
    // as readable as the bundle it belongs to (a home's own caches stay owner-only)
    chmodSync(seedFile, 0o644);
  } catch (error) {
    process.stderr.write(`${kind} code cache not seeded (its first launch compiles): ${error.message}\n`);
  } finally {
    rmSync(world.root, { recursive: true, force: true });
  }
}

// the bundle's hash and ASCII-ness, recorded once here instead of computed at every launch
try {
  writeBundleFacts(join(repo, "dist", "bundle-cjs", "mini-codex.cjs"));
} catch (error) {
  process.stderr.write(`bundle facts not recorded (each launch hashes the bundle): ${error.message}\n`);
}
// an earlier seed would be read instead of a cache being written: training compiles from source
rmSync(seedDir, { recursive: true, force: true });
mkdirSync(seedDir, { recursive: true });
await seed("exec", trainExec);
if (spawnSync("script", ["--version"]).status === 0) await seed("tui", trainTui);
else process.stderr.write("tui code cache not seeded: util-linux `script` not found\n");
