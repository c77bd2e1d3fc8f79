// Time to stream an apply_patch input through the preview parser in 9-character deltas, at
// 1 MB and 2 MB (docs/protocol.md: previews are linear in the input). Prints one JSON line. Run after `npm run build`.
import { performance } from "node:perf_hooks";
import { PatchStreamParser } from "../dist/tools/apply-patch/stream.js";

const DELTA = 9;

function makePatch(targetBytes) {
  const parts = ["*** Begin Patch\n"];
  let size = parts[0].length;
  let file = 0;
  while (size < targetBytes) {
    const lines = [];
    if (file % 3 === 0) {
      lines.push(`*** Add File: src/generated/module_${file}.ts\n`);
      for (let i = 0; i < 60; i += 1)
        lines.push(`+export const value_${i} = "${"x".repeat(i % 40)}";\n`);
    } else {
      lines.push(`*** Update File: src/existing/file_${file}.ts\n`);
      for (let h = 0; h < 6; h += 1) {
        lines.push(`@@ function handler_${h}() {\n`);
        lines.push("   const input = read();\n", `-  return compute(input, ${h});\n`);
        lines.push(`+  return computeFaster(input, ${h}, { cache: true });\n`, "   }\n");
      }
    }
    const chunk = lines.join("");
    parts.push(chunk);
    size += chunk.length;
    file += 1;
  }
  parts.push("*** End Patch\n");
  return parts.join("");
}

function streamOnce(text) {
  let previews = 0;
  const parser = new PatchStreamParser({ onPreview: () => (previews += 1) });
  const started = performance.now();
  for (let i = 0; i < text.length; i += DELTA) parser.push(text.slice(i, i + DELTA));
  const final = parser.finish();
  const ms = performance.now() - started;
  return { ms, previews, files: final.files.length };
}

function best(text, runs) {
  let bestRun;
  for (let i = 0; i < runs; i += 1) {
    const run = streamOnce(text);
    if (!bestRun || run.ms < bestRun.ms) bestRun = run;
  }
  return bestRun;
}

const oneMb = makePatch(1 << 20);
const twoMb = makePatch(2 << 20);
streamOnce(oneMb); // warm-up (JIT)
const a = best(oneMb, 9);
const b = best(twoMb, 9);
console.log(
  JSON.stringify({
    bench: "patch-stream",
    delta_chars: DELTA,
    bytes_1x: oneMb.length,
    ms_1x: Number(a.ms.toFixed(1)),
    files_1x: a.files,
    bytes_2x: twoMb.length,
    ms_2x: Number(b.ms.toFixed(1)),
    files_2x: b.files,
    ratio_2x_over_1x: Number((b.ms / a.ms).toFixed(2)),
    target_ms_1x: 300,
    within_target: a.ms < 300 && b.ms / a.ms <= 2.2,
  }),
);
