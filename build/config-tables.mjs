// Writes docs/config.md's key tables (between `<!-- config-keys NAME -->` and
// `<!-- /config-keys -->`) from the config key records (src/settings/keys.ts) in tsc's output:
// run after `npm run build` when a key changes. test/lint/config-docs.test.ts fails while the
// committed file differs.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const { withConfigKeyTables } = await import("../dist/settings/index.js");
const file = fileURLToPath(new URL("../docs/config.md", import.meta.url));
writeFileSync(file, withConfigKeyTables(readFileSync(file, "utf8")));
process.stdout.write(`wrote ${file}\n`);
