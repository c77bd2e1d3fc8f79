import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import type { ServerEvent } from "../../src/protocol/events.js";
import { WebSocketTransport } from "../../src/transport/websocket.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { collect, completedId, demoRequest, endpointFor, rejection } from "../demo/fixtures.js";

let server: DemoServer;
let transport: WebSocketTransport;
beforeEach(async () => {
  server = await startCheckedDemoServer();
  transport = new WebSocketTransport(endpointFor(server));
});
afterEach(async () => {
  transport.close();
  await server.close();
});

/** Streams `prompt` on lane `streamId`, aborting it at its first text delta. */
async function abortedOnLane(streamId: string, prompt: string): Promise<unknown> {
  const controller = new AbortController();
  return rejection(
    (async () => {
      const stream = transport.stream(demoRequest(prompt), controller.signal, { streamId });
      for await (const event of stream) {
        if (event.type === "response.output_text.delta") controller.abort();
      }
    })(),
  );
}

describe("one lane stopped on a shared socket (subagents: close_agent, an interrupting send_input)", () => {
  test("the other lanes' responses stream on to the end, on the same connection", async () => {
    // the sibling starts first and is still streaming when the other lane is stopped
    const sibling: ServerEvent[] = [];
    let siblingStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      siblingStarted = resolve;
    });
    const siblingDone = (async () => {
      for await (const event of transport.stream(demoRequest("demo:slow 12"), undefined, {
        streamId: "agent-2",
      })) {
        sibling.push(event);
        if (event.type === "response.output_text.delta") siblingStarted();
      }
    })();
    await started;
    const connection = transport.connectionId;
    const stopped = await abortedOnLane("agent-1", "demo:slow 12");
    expect(stopped).toMatchObject({ kind: "aborted" });
    await siblingDone;
    expect(sibling.at(-1)?.type).toBe("response.completed");
    expect(transport.connectionId).toBe(connection);
    // the stopped lane's next response is its own: none of the abandoned one's events leak in
    const next = await collect(
      transport.stream(demoRequest("after the stop"), undefined, { streamId: "agent-1" }),
    );
    expect(next.at(-1)?.type).toBe("response.completed");
    const text = next.flatMap((e) => (e.type === "response.output_text.delta" ? [e.delta] : []));
    expect(text.join("")).not.toContain("Slow part");
    expect(completedId(next)).not.toBe(completedId(sibling));
  });

  test("a lane stopped while no other lane reads still drops the socket (nothing half-read stays)", async () => {
    await transport.connect();
    const connection = transport.connectionId;
    await abortedOnLane("agent-1", "demo:slow 12");
    expect(transport.connectionId).not.toBe(connection);
  });
});
