import { readdirSync, readFileSync, statSync } from "node:fs";

/** The ES-module bundle's entry; the CommonJS one (code-cached) is bundle-cjs/mini-codex.cjs. */
const MAIN = "bundle/main.js";

/**
 * dist/bundle and dist/bundle-cjs (rolldown over tsc's output) start twice as fast; a bundle may
 * run only when it is newer than every file of tsc's output it was built from. Checking
 * dist/cli/main.js alone is not enough: a `tsc --watch` or incremental build re-emits only the
 * files that changed. The build lists those files next to the bundle (inputs.json, written by
 * build/bundle-inputs.mjs): ~2 ms of stats; without the list, every .js file of dist/ (~20 ms).
 */
export function bundleIsFresh(dist = new URL("../dist/", import.meta.url), bundle = MAIN) {
  try {
    const entry = new URL(bundle, dist);
    const built = statSync(entry).mtimeMs;
    const inputs = inputsOf(new URL("inputs.json", entry)) ?? tscOutput(dist);
    return inputs.every((name) => statSync(new URL(name, dist)).mtimeMs <= built);
  } catch {
    // no bundle, or an input gone since it was built
    return false;
  }
}

function inputsOf(list) {
  try {
    return JSON.parse(readFileSync(list, "utf8"));
  } catch {
    return undefined;
  }
}

function tscOutput(dist) {
  return readdirSync(dist, { recursive: true }).filter(
    (name) => name.endsWith(".js") && !/^bundle(-cjs)?[\\/]/.test(name),
  );
}
