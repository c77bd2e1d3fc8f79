// Writes docs/exec-json.schema.json, the JSON Schema of `exec --json`'s events, from their zod
// schemas (src/exec/exec-event-schema.ts) in tsc's output: run after `npm run build` when those
// schemas change. test/exec/exec-json-schema.test.ts fails while the committed file differs.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const { execJsonSchema } = await import("../dist/exec/exec-event-schema.js");
const file = fileURLToPath(new URL("../docs/exec-json.schema.json", import.meta.url));
writeFileSync(file, `${JSON.stringify(execJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);
