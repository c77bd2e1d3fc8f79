import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import type { SandboxProblem, SandboxStatus } from "./sandbox-status.js";

/** The first executable `bwrap` on PATH. */
export function findBwrap(pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "bwrap");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The namespaces a confined command needs, tried once with `true`. */
const PROBE_ARGS = [
  "--ro-bind",
  "/",
  "/",
  "--dev",
  "/dev",
  "--proc",
  "/proc",
  "--tmpfs",
  "/tmp",
  "--unshare-pid",
  "--unshare-net",
  "--die-with-parent",
  "--new-session",
  "true",
];

const PROBE_TIMEOUT_MS = 10_000;
const INSTALL = {
  remedy: "Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap)",
  hint: "install bubblewrap",
};

/** bubblewrap is not on PATH. */
export const BWRAP_MISSING: SandboxProblem = {
  why: "bwrap (bubblewrap) is not installed or not on PATH",
  ...INSTALL,
};

const known = new Map<string, Promise<SandboxStatus>>();

/**
 * Whether bubblewrap can confine commands here (installed, and namespaces allowed); probed once
 * per PATH. Asynchronous: the probe's process runs while start-up goes on (a spawnSync here cost
 * 10-20 ms before exec's first request under load: bench/startup).
 */
export function probeBwrap(pathVar: string | undefined = process.env.PATH): Promise<SandboxStatus> {
  const key = pathVar ?? "";
  let status = known.get(key);
  if (!status) {
    status = runProbe(findBwrap(pathVar));
    known.set(key, status);
  }
  return status;
}

function runProbe(path: string | undefined): Promise<SandboxStatus> {
  if (!path) return Promise.resolve({ ok: false, ...BWRAP_MISSING });
  // loaded here, not at start-up: exec's path to its first request needs no child_process
  // (not import(): the code-cached CommonJS bundle has no dynamic import of built-ins)
  const { spawn } = process.getBuiltinModule("node:child_process");
  return new Promise((resolve) => {
    const child = spawn(path, PROBE_ARGS, {
      stdio: ["ignore", "ignore", "pipe"],
      timeout: PROBE_TIMEOUT_MS,
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error) => resolve(refused(error.message)));
    child.on("close", (code, signal) => {
      if (code === 0) resolve({ ok: true, engine: "bwrap", path });
      else resolve(refused(signal ? `killed by ${signal}` : stderr));
    });
  });
}

function refused(detail: string): SandboxStatus {
  const first = detail.trim().split("\n")[0] ?? "";
  const why = `bwrap cannot create the sandbox's namespaces here (${first})`;
  return { ok: false, why, ...INSTALL };
}
