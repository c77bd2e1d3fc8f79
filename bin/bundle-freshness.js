const { readdirSync, readFileSync, statSync } = require("node:fs");
const { sep } = require("node:path");
const { fileURLToPath, pathToFileURL } = require("node:url");

/**
 * dist/bundle and dist/bundle-cjs (rolldown over tsc's output) start twice as fast; a bundle may
 * run only when it is newer than every file of tsc's output it was built from. Checking
 * dist/cli/main.js alone is not enough: a `tsc --watch` or incremental build re-emits only the
 * files that changed. The build lists those files next to the bundle (inputs.json, written by
 * build/bundle-inputs.mjs): ~2 ms of stats. Without the list, every .js file of dist/, walked
 * folder by folder (3–7 ms; Node 20's recursive readdir took 30–50 ms). An installed package
 * ships the bundles without those lists or tsc's output (package.json "files"): nothing is newer.
 */
function bundleIsFresh(dist = pathToFileURL(`${__dirname}/../dist/`), bundle = MAIN) {
  const root = fileURLToPath(dist);
  try {
    const built = statSync(root + bundle).mtimeMs;
    const inputs = inputsOf(`${root + bundle.slice(0, bundle.lastIndexOf("/") + 1)}inputs.json`);
    if (!inputs) return !hasNewerOutput(root, built, true);
    return inputs.every((name) => statSync(root + name).mtimeMs <= built);
  } catch {
    // no bundle, or an input gone since it was built
    return false;
  }
}

/** The list of build/bundle-inputs.mjs, or undefined (a bundle built without it). */
function inputsOf(list) {
  try {
    return JSON.parse(readFileSync(list, "utf8"));
  } catch {
    return undefined;
  }
}

/** Whether a .js file under `dir` (a path ending in a separator; bundles aside) was written after `built`. */
function hasNewerOutput(dir, built, top) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // plain concatenation: path.join's normalize was half of this walk's cost
    const path = dir + entry.name;
    if (entry.isDirectory()) {
      if (top && BUNDLES.test(entry.name)) continue;
      if (hasNewerOutput(path + sep, built, false)) return true;
    } else if (entry.name.endsWith(".js") && statSync(path).mtimeMs > built) {
      return true;
    }
  }
  return false;
}

/** The ES-module bundle's entry; the CommonJS one (code-cached) is dist/bundle-cjs/mini-codex.cjs. */
const MAIN = "bundle/main.js";
const BUNDLES = /^bundle(-cjs)?$/;

exports.bundleIsFresh = bundleIsFresh;
