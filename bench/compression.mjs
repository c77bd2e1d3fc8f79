// permessage-deflate on the Responses WebSocket (issue 31): the same scripted session twice
// against `mini-codex demo-server` in its own process, once with compression offered and
// accepted, once plain. Per continuation and per full request (an effort change with lanes
// off resends the whole history): logical bytes (the JSON) and bytes on the wire (the TCP
// bytes the server read for the frame, from its --requests-log); and what it costs the client:
// process CPU per continuation and the median hot-path gap (response.completed → next request).
// Prints one JSON line.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoServerProcess, percentile, round, sessionWorld } from "./lib/session-world.mjs";

const CONTINUATIONS = Number(process.env.BENCH_CONTINUATIONS ?? 120);
const WARMUP = 20;

async function run(compressed) {
  const dir = mkdtempSync(join(tmpdir(), "mini-codex-bench-deflate-"));
  const log = join(dir, "requests.jsonl");
  const server = await demoServerProcess(["--requests-log", log]);
  const world = await sessionWorld({ server, ledger: false, wsCompression: compressed });
  const gaps = [];
  let completedAt;
  world.marks.onCompleted = (t) => {
    completedAt = t;
  };
  world.marks.onSend = (t) => {
    if (completedAt !== undefined) gaps.push(t - completedAt);
    completedAt = undefined;
  };
  let cpu;
  try {
    for (let i = 0; i < WARMUP; i++) await world.session.send(`plan: warm ${i}; next`);
    const before = process.cpuUsage();
    for (let i = 0; i < CONTINUATIONS; i++) await world.session.send(`plan: step ${i}; next`);
    const used = process.cpuUsage(before);
    cpu = (used.user + used.system) / 1000 / CONTINUATIONS;
    // lanes off: an effort change resends the whole history, twice
    for (const effort of ["high", "low"]) {
      world.session.update({ effort });
      await world.session.send("plan: after the switch; done");
    }
  } finally {
    await world.close();
    await server.stop();
  }
  const lines = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  rmSync(dir, { recursive: true, force: true });
  const chained = lines.filter((l) => l.previous_response_id).slice(WARMUP);
  const full = lines.filter((l) => !l.previous_response_id).slice(1); // after the first request
  const median = (rows, key) =>
    percentile(
      rows.map((r) => r[key]),
      50,
    );
  return {
    continuation_bytes: median(chained, "bytes"),
    continuation_wire_bytes: median(chained, "wire_bytes"),
    full_request_bytes: median(full, "bytes"),
    full_request_wire_bytes: median(full, "wire_bytes"),
    cpu_ms_per_continuation: round(cpu, 3),
    gap_median_ms: round(percentile(gaps.slice(WARMUP), 50), 3),
  };
}

const plain = await run(false);
const deflate = await run(true);
console.log(
  JSON.stringify({
    bench: "compression",
    continuations: CONTINUATIONS,
    plain,
    deflate,
    continuation_wire_ratio: round(deflate.continuation_wire_bytes / plain.continuation_wire_bytes),
    full_request_wire_ratio: round(deflate.full_request_wire_bytes / plain.full_request_wire_bytes),
    cpu_per_continuation_extra_ms: round(
      deflate.cpu_ms_per_continuation - plain.cpu_ms_per_continuation,
      3,
    ),
  }),
);
