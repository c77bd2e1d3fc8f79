// Round-trip time of one short demo response over HTTP SSE (new request each time) and over
// one persistent WebSocket, against the embedded demo server on loopback.
// Prints one JSON line. Run after `npm run build`.
import { performance } from "node:perf_hooks";
import { startDemoServer } from "../dist/demo/index.js";
import { HttpTransport } from "../dist/transport/http.js";
import { WebSocketTransport } from "../dist/transport/websocket.js";

const ROUNDS = 50;
const server = await startDemoServer();
const endpoint = { baseUrl: server.baseUrl, sessionId: "bench", version: "0.0.0-bench" };
const request = {
  model: "demo-model",
  instructions: "You are a benchmark.",
  input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "hello" }] }],
  tools: [],
  tool_choice: "auto",
  parallel_tool_calls: false,
  store: false,
  stream: true,
  prompt_cache_key: "bench",
};

async function measure(transport) {
  const times = [];
  for (let i = 0; i < ROUNDS + 5; i++) {
    const start = performance.now();
    let last;
    for await (const event of transport.stream(request)) last = event;
    if (last?.type !== "response.completed") throw new Error(`ended with ${last?.type}`);
    if (i >= 5) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => Math.round(times[Math.floor(q * (times.length - 1))] * 100) / 100;
  return { p50_ms: at(0.5), p90_ms: at(0.9) };
}

const http = await measure(new HttpTransport(endpoint));
const ws = new WebSocketTransport(endpoint);
const wsFigures = await measure(ws);
ws.close();
await server.close();
console.log(JSON.stringify({ bench: "transport-roundtrip", rounds: ROUNDS, http, ws: wsFigures }));
