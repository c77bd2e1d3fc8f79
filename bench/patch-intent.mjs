// The added cost of apply_patch's intent record (docs/protocol.md, "After a crash"): hashing a
// patch's planned writes and appending the fsync'd `patch_intent` line to a real session file,
// for a 3-file and a 3 000-file patch. Median of the runs, in ms, and the line's size. Prints one
// JSON line. Run after `npm run build`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { SessionFile } from "../dist/session/store/session-file.js";
import { patchIntentOf } from "../dist/tools/apply-patch/intent.js";

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

function writesOf(dir, files) {
  return Array.from({ length: files }, (_, i) => ({
    absPath: join(dir, `src/module_${i}/file_${i}.ts`),
    content: `export const value_${i} = ${i};\n`.repeat(40),
    original: i % 2 === 0 ? undefined : `export const value_${i} = 0;\n`.repeat(40),
  }));
}

function measure(files, runs) {
  const dir = mkdtempSync(join(tmpdir(), "patch-intent-"));
  const file = SessionFile.create(join(dir, "home"), {
    id: "bench",
    created: new Date().toISOString(),
    cwd: dir,
    model: "demo",
    provider: "demo",
  });
  try {
    const writes = writesOf(dir, files);
    const times = [];
    let bytes = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const intent = patchIntentOf(writes);
      file.recordPatchIntent(`call_${run}`, intent);
      times.push(performance.now() - started);
      bytes = JSON.stringify(intent).length;
    }
    return { added_ms: +median(times).toFixed(2), line_bytes: bytes };
  } finally {
    file.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const few = measure(3, 41);
const many = measure(3000, 7);
console.log(
  JSON.stringify({
    bench: "patch-intent",
    added_ms_3_files: few.added_ms,
    added_ms_3000_files: many.added_ms,
    line_bytes_3000_files: many.line_bytes,
  }),
);
