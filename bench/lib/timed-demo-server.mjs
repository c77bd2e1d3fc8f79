// Shared by the start-up benchmarks (not a benchmark itself): the demo server, with a hook
// called as it records each request.
import { startDemoServer } from "../../dist/demo/index.js";

/** `timed.onRequest(request, at)` is called with performance.now() as each request is recorded. */
export async function startTimedDemoServer() {
  const server = await startDemoServer();
  const timed = { server, onRequest: () => {} };
  const push = server.requests.push.bind(server.requests);
  server.requests.push = (...items) => {
    const n = push(...items);
    for (const item of items) timed.onRequest(item, performance.now());
    return n;
  };
  return timed;
}
