// Runs every benchmark in bench/ once (CI checks they run; figures are printed, not judged).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const scripts = readdirSync(here)
  .filter((name) => name.endsWith(".mjs") && name !== "run-all.mjs")
  .sort();
let failed = 0;
for (const name of scripts) {
  const result = spawnSync(process.execPath, [join(here, name)], {
    stdio: ["ignore", "inherit", "inherit"],
    timeout: 120_000,
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`bench ${name} failed (exit ${result.status ?? result.signal})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
