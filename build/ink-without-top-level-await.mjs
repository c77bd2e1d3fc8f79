// Ink's reconciler awaits at top level, but only under DEV=true (React devtools): it imports
// ./devtools.js (react-devtools-core, not a dependency: ERR_MODULE_NOT_FOUND, which Ink reports
// as a warning) and reads its own package.json. A CommonJS bundle cannot hold a top-level await,
// so for that build this rolldown plugin throws the same not-found error synchronously (Ink prints
// the same warning) and uses the name/version Ink uses outside DEV.
import { replaceOnce } from "./replace-once.mjs";

const RECONCILER = /ink[\\/]build[\\/]reconciler\.js$/;
const DEVTOOLS = "await import('./devtools.js');";
const NOT_FOUND =
  "throw Object.assign(new Error(\"react-devtools-core is not bundled\"), { code: 'ERR_MODULE_NOT_FOUND' });";
const PACKAGE_JSON = "? await loadPackageJson()";
const NOT_DEV = "? { name: undefined, version: undefined }";


export function inkWithoutTopLevelAwait() {
  return {
    name: "ink-without-top-level-await",
    transform(code, id) {
      if (!RECONCILER.test(id)) return null;
      const once = replaceOnce("ink-without-top-level-await", code, DEVTOOLS, NOT_FOUND, id);
      return { code: replaceOnce("ink-without-top-level-await", once, PACKAGE_JSON, NOT_DEV, id), map: null };
    },
  };
}
