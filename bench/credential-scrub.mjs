// Credentials taken out of what a server sends (issue 43, hole 6): what the scrubber at the
// boundary costs. Per delta, with a realistic set of credentials sent (an API key, a ChatGPT
// access token of ~1.8 kB, two MCP tokens) on ordinary text and on text that keeps starting a
// credential (the tail check's worst case); per response, one continuation's whole event stream
// (response.created with the instructions and tools echoed, reasoning, a message, a tool call,
// the items, response.completed) with and without credentials. Prints one JSON line.
import { performance } from "node:perf_hooks";
import { ScrubbedEvents } from "../dist/protocol/scrubbed-events.js";
import { SentCredentials } from "../dist/protocol/sent-credentials.js";
import { percentile, round } from "./lib/session-world.mjs";

const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
let seed = 7;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
const randomText = (length) =>
  Array.from({ length }, () => letters[random(letters.length)]).join("");

const sent = new SentCredentials();
sent.add(`sk-proj-${randomText(156)}`);
sent.add(`eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJ${randomText(1700)}.${randomText(86)}`);
sent.add(`ghp_${randomText(36)}`);
sent.add(`mcp-${randomText(40)}`);
const none = new SentCredentials();

const WORDS =
  "the server sent these events: each delta is a few characters of an answer, e.g. sk- or eyJ or ghp_ are starts".split(
    " ",
  );
const at = { item_id: "msg_1", output_index: 0, content_index: 0 };
const delta = (text) => ({ type: "response.output_text.delta", ...at, delta: text });

async function drain(events, credentials) {
  async function* source() {
    yield* events;
  }
  let count = 0;
  for await (const _ of new ScrubbedEvents(source(), credentials)) count++;
  return count;
}

/** Microseconds per delta over `deltas`, median of 7 runs after a warm-up. */
async function perDelta(deltas, credentials) {
  const events = deltas.map(delta);
  await drain(events, credentials);
  const runs = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    await drain(events, credentials);
    runs.push(((performance.now() - start) * 1000) / deltas.length);
  }
  return round(percentile(runs, 50), 2);
}

const ordinary = Array.from({ length: 20_000 }, () => `${WORDS[random(WORDS.length)]} `);
// every delta ends in a credential's first characters: the tail is held and checked each time
const adversarial = Array.from({ length: 20_000 }, (_, i) =>
  i % 2 ? "x eyJhbGciOiJSUzI1" : "x sk-proj-",
);

/** One continuation's events as the Responses API sends them. */
function response(n) {
  const settings = {
    instructions: "You are a coding agent.\n".repeat(800),
    tools: Array.from({ length: 20 }, (_, i) => ({
      type: "function",
      name: `tool_${i}`,
      description: "Does a thing with the workspace. ".repeat(20),
      parameters: { type: "object", properties: { arg: { type: "string" } } },
    })),
  };
  const events = [{ type: "response.created", response: { id: `resp_${n}`, ...settings } }];
  const rs = { item_id: "rs_1", output_index: 0, summary_index: 0 };
  for (let i = 0; i < 40; i++)
    events.push({
      type: "response.reasoning_summary_text.delta",
      ...rs,
      delta: `${WORDS[i % WORDS.length]} `,
    });
  const text = [];
  for (let i = 0; i < 300; i++) {
    text.push(`${WORDS[i % WORDS.length]} `);
    events.push(delta(text.at(-1)));
  }
  events.push({ type: "response.output_text.done", ...at, text: text.join("") });
  const message = {
    type: "message",
    id: "msg_1",
    role: "assistant",
    content: [{ type: "output_text", text: text.join("") }],
  };
  events.push({ type: "response.output_item.done", output_index: 0, item: message });
  const args = JSON.stringify({ command: "rg -n 'credential' src | head -50" });
  for (let i = 0; i < args.length; i += 16)
    events.push({
      type: "response.function_call_arguments.delta",
      item_id: "fc_1",
      output_index: 1,
      delta: args.slice(i, i + 16),
    });
  const call = {
    type: "function_call",
    id: "fc_1",
    call_id: "call_1",
    name: "shell_command",
    arguments: args,
  };
  events.push({ type: "response.output_item.done", output_index: 1, item: call });
  events.push({
    type: "response.completed",
    response: { id: `resp_${n}`, ...settings, output: [message, call] },
  });
  return events;
}

async function perResponse(credentials) {
  const events = response(1);
  for (let i = 0; i < 20; i++) await drain(events, credentials);
  const runs = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    await drain(events, credentials);
    runs.push(performance.now() - start);
  }
  return {
    median: round(percentile(runs, 50), 3),
    p95: round(percentile(runs, 95), 3),
    events: events.length,
  };
}

/** The hot path's share: the one `response.completed` (instructions, tools and output echoed) cleaned whole. */
function completedEvent(credentials) {
  const completed = response(2).at(-1);
  for (let i = 0; i < 50; i++) credentials.scrubValue(completed);
  const runs = [];
  for (let i = 0; i < 500; i++) {
    const start = performance.now();
    credentials.scrubValue(completed);
    runs.push(performance.now() - start);
  }
  return { median: round(percentile(runs, 50), 3), bytes: JSON.stringify(completed).length };
}

const completed = completedEvent(sent);
const withCredentials = await perResponse(sent);
const withoutCredentials = await perResponse(none);
console.log(
  JSON.stringify({
    bench: "credential-scrub",
    credentials: 4,
    longest_credential_chars: 1700 + 37 + 3 + 86 + 1,
    us_per_delta_ordinary: await perDelta(ordinary, sent),
    us_per_delta_worst_tail: await perDelta(adversarial, sent),
    us_per_delta_no_credentials: await perDelta(ordinary, none),
    events_per_response: withCredentials.events,
    ms_per_response_median: withCredentials.median,
    ms_per_response_p95: withCredentials.p95,
    ms_per_response_no_credentials: withoutCredentials.median,
    completed_event_bytes: completed.bytes,
    ms_completed_event: completed.median,
  }),
);
