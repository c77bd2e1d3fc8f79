import { readdirSync, statSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";

/**
 * dist/bundle (rolldown over tsc's output) starts twice as fast; it may run only when it is
 * newer than every file tsc emitted. Checking dist/cli/main.js alone is not enough: a
 * `tsc --watch` or incremental build re-emits only the files that changed. (~3 ms for dist/.)
 */
export function bundleIsFresh(dist = new URL("../dist/", import.meta.url)) {
  let bundle;
  try {
    bundle = statSync(new URL("bundle/main.js", dist)).mtimeMs;
  } catch {
    return false;
  }
  for (const name of readdirSync(dist, { recursive: true })) {
    if (!isTscOutput(name)) continue;
    if (statSync(new URL(name, dist)).mtimeMs > bundle) return false;
  }
  return true;
}

/** The same check on the thread pool, so the launcher can load the bundle meanwhile. */
export async function bundleIsFreshAsync(dist = new URL("../dist/", import.meta.url)) {
  try {
    const [bundle, names] = await Promise.all([
      stat(new URL("bundle/main.js", dist)),
      readdir(dist, { recursive: true }),
    ]);
    const times = await Promise.all(
      names.filter(isTscOutput).map((name) => stat(new URL(name, dist)).then((s) => s.mtimeMs)),
    );
    return times.every((mtime) => mtime <= bundle.mtimeMs);
  } catch {
    return false;
  }
}

function isTscOutput(name) {
  return name.endsWith(".js") && !/^bundle[\\/]/.test(name);
}
