import { spawnSync } from "node:child_process";
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

const cache = new Map<string, BwrapStatus>();

/** Whether bubblewrap can confine commands here (installed, and namespaces allowed); cached per PATH. */
export function probeBwrap(pathVar: string | undefined = process.env.PATH): BwrapStatus {
  const key = pathVar ?? "";
  const known = cache.get(key);
  if (known) return known;
  const status = runProbe(pathVar);
  cache.set(key, status);
  return status;
}

function runProbe(pathVar: string | undefined): BwrapStatus {
  const path = findBwrap(pathVar);
  if (!path) {
    return { ok: false, why: "bwrap (bubblewrap) is not installed or not on PATH" };
  }
  const result = spawnSync(path, PROBE_ARGS, { encoding: "utf8", timeout: 10_000 });
  if (result.status === 0) return { ok: true, path };
  const detail = result.error?.message ?? result.stderr.trim().split("\n")[0] ?? "";
  return { ok: false, why: `bwrap cannot create the sandbox's namespaces here (${detail})` };
}

/** What a refused command's output says: why, and what to pass instead. */
export function unavailableMessage(why: string, mode: string): string {
  return [
    `sandbox unavailable: ${why}; refusing to run the command unconfined in ${mode} mode.`,
    "Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap), or run with",
    "-s danger-full-access (no confinement) if you accept commands running with full access.",
  ].join(" ");
}
