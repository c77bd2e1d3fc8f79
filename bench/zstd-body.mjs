// zstd request bodies toward the Codex backend (issue 38): Node 20 has no zstd in zlib, so the
// HTTP transport compresses with @bokuweb/zstd-wasm (dist/protocol/zstd.js). For full requests
// of growing histories (the JSON a session's HTTP request carries), prints the JSON bytes, the
// zstd bytes, the ratio, the median time to compress, and the one-time load of the module.
// Prints one JSON line. Run after `npm run build`.
import { performance } from "node:perf_hooks";

const t0 = performance.now();
const { zstdCompress } = await import("../dist/protocol/zstd.js");
await zstdCompress("{}"); // loads and instantiates the WebAssembly module
const loadMs = performance.now() - t0;

/** A Responses request body with `turns` user/assistant/tool rounds (text like a session's). */
function body(turns) {
  const input = [];
  for (let i = 0; i < turns; i++) {
    input.push({
      type: "message",
      role: "user",
      content: [
        {
          type: "input_text",
          text: `step ${i}: please run the tests of module ${i % 17} and fix what fails`,
        },
      ],
    });
    input.push({
      type: "function_call",
      call_id: `call_${i}`,
      name: "shell_command",
      arguments: JSON.stringify({ command: `npm test -- test/module-${i % 17}.test.ts` }),
    });
    input.push({
      type: "function_call_output",
      call_id: `call_${i}`,
      output:
        `PASS test/module-${i % 17}.test.ts\n  ✓ case ${i} (${i * 3} ms)\nTests: ${i + 1} passed\n`.repeat(
          4,
        ),
    });
  }
  return JSON.stringify({
    model: "gpt-5.5",
    instructions: "You are a coding agent. ".repeat(400),
    input,
    store: false,
    stream: true,
  });
}

const rows = [];
for (const turns of [5, 50, 200]) {
  const json = body(turns);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    bytes = (await zstdCompress(json)).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const jsonBytes = Buffer.byteLength(json);
  rows.push({
    turns,
    json_bytes: jsonBytes,
    zstd_bytes: bytes,
    ratio: Math.round((jsonBytes / bytes) * 10) / 10,
    compress_ms_median: Math.round(times[7] * 100) / 100,
  });
}
console.log(
  JSON.stringify({ bench: "zstd-body", module_load_ms: Math.round(loadMs * 10) / 10, rows }),
);
