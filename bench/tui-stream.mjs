// CPU time for the TUI to render a long streamed answer (20-byte deltas) through the real
// App component, Ink in non-debug mode, into a null terminal 100x30. Prints one JSON line.
// Run `npm run build` first (imports ../dist).
import { EventEmitter } from "node:events";
import { Writable } from "node:stream";
import { standInSession } from "./lib/stand-in-session.mjs";

// Ink renders differently under CI (final frame only); measure what a terminal gets.
for (const key of ["CI", "CONTINUOUS_INTEGRATION"]) delete process.env[key];
// The TUI runs React in production mode (src/ui/run.tsx sets it before loading Ink).
process.env.NODE_ENV ??= "production";
const { render } = await import("ink");
const { createElement } = await import("react");
const { App } = await import("../dist/ui/app.js");

const DELTA_BYTES = 20;
const WORDS =
  "the of request chain delta socket cache token history prefix model lane epoch stream response baseline incremental".split(
    " ",
  );

/** Deterministic prose: lines of 40-160 characters, a blank line now and then. */
function makeText(bytes, withNewlines) {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const parts = [];
  let length = 0;
  let line = 0;
  while (length < bytes) {
    const word = WORDS[Math.floor(rand() * WORDS.length)];
    let piece = `${word} `;
    line += piece.length;
    if (withNewlines && line > 40 + rand() * 120) {
      piece += rand() < 0.15 ? "\n\n" : "\n";
      line = 0;
    }
    parts.push(piece);
    length += piece.length;
  }
  return parts.join("").slice(0, bytes);
}

class NullTerminal extends Writable {
  columns = 100;
  rows = 30;
  writes = 0;
  bytes = 0;
  _write(chunk, _encoding, callback) {
    this.writes += 1;
    this.bytes += chunk.length;
    callback();
  }
}

class IdleStdin extends EventEmitter {
  isTTY = true;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    return null;
  }
}

/** Session API stand-in that streams `text` as the answer to the first message. */
function streamingSession(text) {
  const request = {
    seq: 1,
    turn: 1,
    transport: "ws",
    mode: "ws_incremental",
    lane: "default",
    previousResponseIdPresent: true,
    model: "bench",
    itemsTotal: 3,
    itemsSent: 1,
    bytesSent: 100,
    warmup: false,
  };
  const usage = { input_tokens: 1000, cached_tokens: 0, output_tokens: 1000, reasoning_tokens: 0 };
  let finished;
  const done = new Promise((resolve) => {
    finished = resolve;
  });
  const session = standInSession(async (emit) => {
    const started = process.cpuUsage();
    const wallStart = performance.now();
    emit({ type: "turn_started", turn: 1 });
    emit({ type: "request_started", request });
    for (let i = 0; i < text.length; i += DELTA_BYTES) {
      emit({ type: "text_delta", itemId: "msg_1", delta: text.slice(i, i + DELTA_BYTES) });
      // One delta per event-loop turn, as deltas arrive from a socket.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const item = {
      type: "message",
      role: "assistant",
      id: "msg_1",
      content: [{ type: "output_text", text }],
    };
    emit({ type: "item_completed", item });
    emit({
      type: "request_finished",
      request: { ...request, outcome: "completed", msTotal: 1, usage },
    });
    emit({ type: "turn_completed", turn: 1, usage });
    finished({ started, wallStart });
    return { ok: true, aborted: false };
  });
  return { session, done };
}

async function measure(bytes, withNewlines) {
  const text = makeText(bytes, withNewlines);
  const { session, done } = streamingSession(text);
  const stdout = new NullTerminal();
  let renders = 0;
  const instance = render(
    createElement(App, {
      options: {
        createSession: async () => session,
        initialPrompt: "demo:long",
        home: "/nonexistent",
        cwd: "/",
        approvalPolicy: "never",
        sandbox: "workspace-write",
        contextWindow: 200_000,
        version: "bench",
      },
    }),
    {
      stdout,
      stdin: new IdleStdin(),
      stderr: new NullTerminal(),
      exitOnCtrlC: false,
      patchConsole: false,
      onRender: () => {
        renders += 1;
      },
    },
  );
  const { started, wallStart } = await done;
  // Let the throttled renders settle, then unmount (flushes the last frame).
  await new Promise((resolve) => setTimeout(resolve, 100));
  instance.unmount();
  const cpu = process.cpuUsage(started);
  const wall = performance.now() - wallStart - 100;
  return {
    kb: bytes / 1000,
    deltas: Math.ceil(bytes / DELTA_BYTES),
    cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    wall_ms: Math.round(wall),
    ink_renders: renders,
    renders_per_s: Math.round((renders / wall) * 1000),
    terminal_writes: stdout.writes,
    terminal_kb: Math.round(stdout.bytes / 1000),
  };
}

/** Median (by CPU time) of three runs: the machine is shared, single runs are noisy. */
async function median(bytes, withNewlines) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await measure(bytes, withNewlines));
  return runs.sort((a, b) => a.cpu_ms - b.cpu_ms)[1];
}

// Warm up the JIT and module caches so the first measured size is not penalised.
await measure(20_000, true);
const small = await median(100_000, true);
const large = await median(200_000, true);
const oneLine = await median(200_000, false);
console.log(
  JSON.stringify({
    bench: "tui-stream",
    delta_bytes: DELTA_BYTES,
    kb100: small,
    kb200: large,
    kb200_no_newlines: oneLine,
    cpu_ratio_200_to_100: Number((large.cpu_ms / Math.max(1, small.cpu_ms)).toFixed(2)),
    target_cpu_ms_200kb: 2000,
  }),
);
