import { readdirSync, statSync } from "node:fs";

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
    if (!name.endsWith(".js") || /^bundle[\\/]/.test(name)) continue;
    if (statSync(new URL(name, dist)).mtimeMs > bundle) return false;
  }
  return true;
}
