// Writes `inputs.json` next to a bundle: the files of tsc's output (dist/) it was built from,
// relative to dist/. The launcher's freshness check (bin/bundle-freshness.js) stats exactly
// these instead of walking dist/ (a recursive readdir of dist/ costs ~20 ms at start-up).
import { writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const DIST = fileURLToPath(new URL("../dist/", import.meta.url));

export function bundleInputs() {
  return {
    name: "bundle-inputs",
    writeBundle(options, bundle) {
      const inputs = new Set();
      for (const output of Object.values(bundle)) {
        for (const id of output.moduleIds ?? []) {
          if (id.startsWith(DIST)) inputs.add(relative(DIST, id).split(sep).join("/"));
        }
      }
      writeFileSync(join(options.dir, "inputs.json"), `${JSON.stringify([...inputs].sort())}\n`);
    },
  };
}
