// SSE parser throughput on a recorded-style stream fed in small byte chunks.
// Prints one JSON line. Run after `npm run build`.
import { performance } from "node:perf_hooks";
import { SseParser } from "../dist/protocol/sse.js";

const events = [];
for (let i = 0; i < 20_000; i++) {
  const payload = { type: "response.output_text.delta", item_id: "msg_1", delta: `word ${i} — ✓ ` };
  events.push(`event: response.output_text.delta\r\ndata: ${JSON.stringify(payload)}\r\n\r\n`);
}
const bytes = new TextEncoder().encode(events.join(""));

function run(chunkSize) {
  const parser = new SseParser();
  let count = 0;
  const start = performance.now();
  for (let i = 0; i < bytes.length; i += chunkSize) {
    count += parser.feed(bytes.subarray(i, i + chunkSize)).length;
  }
  count += parser.end().length;
  const ms = performance.now() - start;
  if (count !== events.length) throw new Error(`parsed ${count} of ${events.length} events`);
  return ms;
}

function longLine(totalBytes, chunkSize) {
  const line = new TextEncoder().encode(`data: ${"y".repeat(totalBytes)}\n\n`);
  const parser = new SseParser();
  const start = performance.now();
  let count = 0;
  for (let i = 0; i < line.length; i += chunkSize) {
    count += parser.feed(line.subarray(i, i + chunkSize)).length;
  }
  if (count !== 1) throw new Error("long line not parsed");
  return Math.round((performance.now() - start) * 100) / 100;
}

run(1024); // warm-up
const ms1k = run(1024);
const ms64 = run(64);
const mb = bytes.length / 1e6;
console.log(
  JSON.stringify({
    bench: "sse-parse",
    events: events.length,
    bytes: bytes.length,
    mb_per_s_1k_chunks: Math.round((mb / (ms1k / 1000)) * 10) / 10,
    mb_per_s_64b_chunks: Math.round((mb / (ms64 / 1000)) * 10) / 10,
    ms_1mb_line_64b_chunks: longLine(1_000_000, 64),
    ms_4mb_line_64b_chunks: longLine(4_000_000, 64),
  }),
);
