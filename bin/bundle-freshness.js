import { readdirSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";

/**
 * dist/bundle and dist/bundle-cjs (rolldown over tsc's output) start twice as fast; a bundle may
 * run only when it is newer than every file tsc emitted. Checking dist/cli/main.js alone is not
 * enough: a `tsc --watch` or incremental build re-emits only the files that changed. (~3 ms for dist/.)
 */
export function bundleIsFresh(dist = new URL("../dist/", import.meta.url), bundle = MAIN) {
  let built;
  try {
    built = statSync(new URL(bundle, dist)).mtimeMs;
  } catch {
    return false;
  }
  for (const name of readdirSync(dist, { recursive: true })) {
    if (!isTscOutput(name)) continue;
    if (statSync(new URL(name, dist)).mtimeMs > built) return false;
  }
  return true;
}

/** The same check on the thread pool, so the launcher can load the bundle meanwhile. */
export async function bundleIsFreshAsync(
  dist = new URL("../dist/", import.meta.url),
  bundle = MAIN,
) {
  try {
    const [built, names] = await Promise.all([
      stat(new URL(bundle, dist)),
      readdir(dist, { recursive: true }),
    ]);
    const times = await Promise.all(
      names.filter(isTscOutput).map((name) => stat(new URL(name, dist)).then((s) => s.mtimeMs)),
    );
    return times.every((mtime) => mtime <= built.mtimeMs);
  } catch {
    return false;
  }
}

/** The ES-module bundle's entry; the CommonJS one (code-cached) is dist/bundle-cjs/mini-codex.cjs. */
const MAIN = "bundle/main.js";

function isTscOutput(name) {
  return name.endsWith(".js") && !/^bundle(-cjs)?[\\/]/.test(name);
}
