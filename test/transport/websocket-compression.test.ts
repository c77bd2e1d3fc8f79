import { afterEach, describe, expect, test } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { userMessage } from "../../src/protocol/items.js";
import { WebSocketTransport } from "../../src/transport/websocket.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { collect, completedId, demoRequest, endpointFor } from "../demo/fixtures.js";

let server: DemoServer | undefined;
let transport: WebSocketTransport | undefined;
afterEach(async () => {
  transport?.close();
  await server?.close();
});

/** A resumed session's full request: a long history the model reads again. */
function longHistory(): ReturnType<typeof userMessage>[] {
  return Array.from({ length: 60 }, (_, i) =>
    userMessage(`turn ${i}: please look at src/module-${i % 7}.ts and explain the function there`),
  );
}

async function sendTwo(options: { offer: boolean; accept: boolean }) {
  server = await startCheckedDemoServer({ wsCompression: options.accept });
  transport = new WebSocketTransport(
    endpointFor(server, options.offer ? { websocketCompression: true } : {}),
  );
  const first = await collect(transport.stream(demoRequest(longHistory())));
  await collect(
    transport.stream(demoRequest("and now?", { previous_response_id: completedId(first) })),
  );
  return server.requests;
}

describe("permessage-deflate on the Responses WebSocket", () => {
  test("offered and accepted: a full request takes a fraction of its bytes on the wire", async () => {
    const [full, continuation] = await sendTwo({ offer: true, accept: true });
    expect(full?.bytes).toBeGreaterThan(5_000);
    expect(full?.wireBytes).toBeLessThan((full?.bytes ?? 0) / 3);
    // a continuation is compressed against the frames before it (context takeover)
    expect(continuation?.wireBytes).toBeLessThan((continuation?.bytes ?? 0) / 3);
    expect(continuation?.previousResponseId).toBeDefined();
  });

  test("a server that declines gets plain frames, and the session works the same", async () => {
    const [full, continuation] = await sendTwo({ offer: true, accept: false });
    expect(full?.wireBytes).toBeGreaterThanOrEqual(full?.bytes ?? Infinity);
    expect(continuation?.previousResponseId).toBeDefined();
  });

  test("not offered (ws_compression = false): plain frames even to a server that would accept", async () => {
    const [full] = await sendTwo({ offer: false, accept: true });
    expect(full?.wireBytes).toBeGreaterThanOrEqual(full?.bytes ?? Infinity);
  });
});
