// Key echo with a long transcript: the real App (Ink, production React) in a null terminal
// 100x30, a stand-in session that puts 5 000 entries in the transcript, then keys typed at a
// person's pace; each echo is the time from the key arriving on stdin to the terminal write that
// shows it. Prints one JSON line. Run `npm run build` first.
import { EventEmitter } from "node:events";
import { Writable } from "node:stream";
import { bareNodePeakRssMb, ownPeakRssMb } from "./lib/peak-rss.mjs";
import { percentile, round } from "./lib/session-world.mjs";
import { standInSession } from "./lib/stand-in-session.mjs";

for (const key of ["CI", "CONTINUOUS_INTEGRATION"]) delete process.env[key];
process.env.NODE_ENV ??= "production";
const { render } = await import("ink");
const { createElement } = await import("react");
const { App } = await import("../dist/ui/app.js");

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 5000);
const KEYS = Number(process.env.BENCH_KEYS ?? 60);
const KEY_GAP_MS = 100; // 10 keys a second, a fast typist; past Ink's 33 ms render throttle

class Terminal extends Writable {
  columns = 100;
  rows = 30;
  onChunk = () => {};
  _write(chunk, _encoding, callback) {
    this.onChunk(String(chunk));
    callback();
  }
}

/** Raw-mode stdin as Ink reads it: `readable`, then read() hands over the pending data. */
class KeyStdin extends EventEmitter {
  isTTY = true;
  pending = null;
  type(text) {
    this.pending = text;
    this.emit("readable");
  }
  read() {
    const data = this.pending;
    this.pending = null;
    return data;
  }
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

function transcriptSession(entries) {
  let filled;
  const ready = new Promise((resolve) => {
    filled = resolve;
  });
  const session = standInSession(async (emit) => {
    emit({ type: "turn_started", turn: 1 });
    for (let i = 0; i < entries; i++) {
      const text = `entry ${i}: the request chain kept its prefix and the cache answered.`;
      emit({
        type: "item_completed",
        item: {
          type: "message",
          role: "assistant",
          id: `m${i}`,
          content: [{ type: "output_text", text }],
        },
      });
      if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const usage = {
      input_tokens: 1000,
      cached_tokens: 900,
      output_tokens: 10,
      reasoning_tokens: 0,
    };
    emit({ type: "turn_completed", turn: 1, usage });
    filled();
    return { ok: true, aborted: false };
  });
  return { session, ready };
}

const { session, ready } = transcriptSession(ENTRIES);
const stdout = new Terminal();
const stdin = new KeyStdin();
const instance = render(
  createElement(App, {
    options: {
      createSession: async () => session,
      initialPrompt: "fill the transcript",
      home: "/nonexistent",
      cwd: "/",
      approvalPolicy: "never",
      sandbox: "workspace-write",
      contextWindow: 200_000,
      version: "bench",
    },
  }),
  { stdout, stdin, stderr: new Terminal(), exitOnCtrlC: false, patchConsole: false },
);
await ready;
await new Promise((resolve) => setTimeout(resolve, 300)); // the last throttled frame

const echoes = [];
const cpuMs = [];
for (let i = 1; i <= KEYS; i++) {
  const expected = "q".repeat(i);
  const echoed = new Promise((resolve) => {
    stdout.onChunk = (chunk) => {
      if (chunk.includes(expected)) resolve(performance.now());
    };
  });
  const typedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  stdin.type("q");
  const timeout = new Promise((resolve) => setTimeout(() => resolve(undefined), 2000));
  const at = await Promise.race([echoed, timeout]);
  const cpu = process.cpuUsage(cpuBefore);
  if (at !== undefined) {
    echoes.push(at - typedAt);
    // this process's own CPU time in that interval: what the echo costs without a loaded machine
    cpuMs.push((cpu.user + cpu.system) / 1000);
  }
  await new Promise((resolve) => setTimeout(resolve, KEY_GAP_MS));
}
instance.unmount();
console.log(
  JSON.stringify({
    bench: "tui-echo",
    transcript_entries: ENTRIES,
    keys: KEYS,
    echoed: echoes.length,
    median_ms: echoes.length ? round(percentile(echoes, 50), 2) : null,
    p95_ms: echoes.length ? round(percentile(echoes, 95), 2) : null,
    max_ms: echoes.length ? round(Math.max(...echoes), 2) : null,
    cpu_median_ms: cpuMs.length ? round(percentile(cpuMs, 50), 2) : null,
    cpu_p95_ms: cpuMs.length ? round(percentile(cpuMs, 95), 2) : null,
    target_p95_ms: 16,
    // the whole process: Ink, React, the App and its 5 000 entries
    peak_rss_mb: ownPeakRssMb(),
    bare_node_peak_rss_mb: bareNodePeakRssMb(),
  }),
);
process.exit(0);
