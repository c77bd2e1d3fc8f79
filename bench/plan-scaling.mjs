// Planning cost per request at growing history sizes (docs/protocol.md: planning is O(new items)).
// Prints one JSON line. Run after `npm run build`.
import { performance } from "node:perf_hooks";
import { PrefixIndex } from "../dist/session/cache/prefix-index.js";
import { ConversationHistory, FrozenToolOutputs } from "../dist/session/context/history.js";
import { RequestChain } from "../dist/session/wire/chain.js";
import { RequestBuilder } from "../dist/session/wire/request.js";

const frame = {
  sessionId: "bench-session",
  instructions: "You are a coding agent.\n".repeat(200),
  tools: [
    {
      type: "function",
      name: "shell_command",
      description: "Runs a shell command.",
      strict: false,
      parameters: { type: "object", properties: { command: { type: "string" } } },
    },
  ],
  settings: { model: "demo-1", effort: "medium", reasoningSummary: "auto" },
};

const user = (i) => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text: `question ${i} `.repeat(20) }],
});
const reply = (i) => ({
  type: "message",
  role: "assistant",
  id: `msg_${i}`,
  content: [{ type: "output_text", text: `answer ${i} `.repeat(40) }],
});
const call = (i) => ({
  type: "function_call",
  id: `fc_${i}`,
  name: "shell_command",
  arguments: `{"command":"echo ${i}"}`,
  call_id: `call_${i}`,
});
const output = (i) => ({
  type: "function_call_output",
  call_id: `call_${i}`,
  output: `Exit code: 0\nOutput:\n${i}\n`.repeat(10),
});

function seedItems(n) {
  const items = [];
  for (let i = 0; items.length < n; i++) {
    items.push(...(i % 3 === 0 ? [user(i), call(i), output(i), reply(i)] : [user(i), reply(i)]));
  }
  return items.slice(0, n);
}

function measure(n, requests = 300) {
  const history = new ConversationHistory(seedItems(n));
  const frozen = new FrozenToolOutputs();
  const builder = new RequestBuilder(history, frozen);
  const chain = new RequestChain({ maxRequestsPerEpoch: 0 });
  // the ledger's prefix digest and shared prefix, as the session computes them per request
  const prefixes = new PrefixIndex();
  // the first request is full and builds the whole chain once; it is not what we measure
  const first = builder.build(frame);
  chain.plan(first, "ws", 1);
  chain.accepted(first, 1);
  prefixes.record(0, prefixes.lookup(first), 4000, 0);
  let total = 0;
  let planOnly = 0;
  let prefixOnly = 0;
  let incremental = 0;
  let k = n;
  for (let r = 0; r < requests + 50; r++) {
    const answer = reply(`r${k++}`);
    chain.completed(`resp_${r}`, [answer]);
    history.append([answer, user(`r${k++}`)]);
    const t0 = performance.now();
    const current = builder.build(frame);
    const t1 = performance.now();
    const plan = chain.plan(current, "ws", 1);
    const t2 = performance.now();
    chain.accepted(current, 1);
    const lookup = prefixes.lookup(current);
    prefixes.record(r + 1, lookup, 4000, r);
    const t3 = performance.now();
    if (lookup.sharedPrefix?.seq !== r) throw new Error("expected the previous request's prefix");
    if (r >= 50) {
      total += t3 - t0;
      planOnly += t2 - t1;
      prefixOnly += t3 - t2;
      if (plan.kind === "incremental" && plan.delta.length === 1) incremental += 1;
    }
  }
  if (incremental !== requests) throw new Error(`expected incremental plans, got ${incremental}`);
  return {
    ms_per_request: total / requests,
    plan_ms_per_request: planOnly / requests,
    prefix_ms_per_request: prefixOnly / requests,
  };
}

const sizes = [100, 1000, 10000];
const figures = {};
for (const n of sizes) measure(n, 100); // warm the JIT
for (const n of sizes) figures[n] = measure(n);
const ratio = figures[10000].ms_per_request / figures[100].ms_per_request;
console.log(
  JSON.stringify({
    bench: "plan-scaling",
    ms_per_request_100: Number(figures[100].ms_per_request.toFixed(4)),
    ms_per_request_1000: Number(figures[1000].ms_per_request.toFixed(4)),
    ms_per_request_10000: Number(figures[10000].ms_per_request.toFixed(4)),
    plan_only_ms_10000: Number(figures[10000].plan_ms_per_request.toFixed(4)),
    prefix_digest_ms_100: Number(figures[100].prefix_ms_per_request.toFixed(4)),
    prefix_digest_ms_10000: Number(figures[10000].prefix_ms_per_request.toFixed(4)),
    ratio_10000_to_100: Number(ratio.toFixed(2)),
    target_met: ratio <= 3 && figures[10000].ms_per_request < 2,
  }),
);
