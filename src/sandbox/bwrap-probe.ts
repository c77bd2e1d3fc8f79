import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

export type BwrapStatus = { ok: true; path: string } | { ok: false; why: string };

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
const NOT_INSTALLED: BwrapStatus = {
  ok: false,
  why: "bwrap (bubblewrap) is not installed or not on PATH",
};

const known = new Map<string, Promise<BwrapStatus>>();

/**
 * Whether bubblewrap can confine commands here (installed, and namespaces allowed); probed once
 * per PATH. Asynchronous: the probe's process runs while start-up goes on (a spawnSync here cost
 * 10-20 ms before exec's first request under load: bench/startup).
 */
export function probeBwrap(pathVar: string | undefined = process.env.PATH): Promise<BwrapStatus> {
  const key = pathVar ?? "";
  let status = known.get(key);
  if (!status) {
    status = runProbe(pathVar);
    known.set(key, status);
  }
  return status;
}

function runProbe(pathVar: string | undefined): Promise<BwrapStatus> {
  const path = findBwrap(pathVar);
  if (!path) return Promise.resolve(NOT_INSTALLED);
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
      if (code === 0) resolve({ ok: true, path });
      else resolve(refused(signal ? `killed by ${signal}` : stderr));
    });
  });
}

function refused(detail: string): BwrapStatus {
  const first = detail.trim().split("\n")[0] ?? "";
  return { ok: false, why: `bwrap cannot create the sandbox's namespaces here (${first})` };
}

/** What a refused command's output says: why, and what to pass instead. */
export function unavailableMessage(why: string, mode: string): string {
  return [
    `sandbox unavailable: ${why}; refusing to run the command unconfined in ${mode} mode.`,
    "Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap), or run with",
    "-s danger-full-access (no confinement) if you accept commands running with full access.",
  ].join(" ");
}
