import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { WebSocketServer } from "ws";
import { WebSocketTransport } from "../../src/transport/websocket.js";
import { collect, demoRequest } from "../demo/fixtures.js";

/** A raw server that answers each response.create with `script(frame)`: the events to send. */
async function rawServer(script: (frame: Record<string, unknown>) => object[]): Promise<{
  url: string;
  frames: Record<string, unknown>[];
  close(): Promise<void>;
}> {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const frames: Record<string, unknown>[] = [];
  wss.on("connection", (socket) => {
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      frames.push(frame);
      for (const event of script(frame)) socket.send(JSON.stringify(event));
    });
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    frames,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

const completed = (id: string, streamId?: unknown) => ({
  type: "response.completed",
  ...(streamId === undefined ? {} : { stream_id: streamId }),
  response: { id, output: [] },
});

let server: Awaited<ReturnType<typeof rawServer>> | undefined;
let transport: WebSocketTransport | undefined;
afterEach(async () => {
  transport?.close();
  await server?.close();
});

function connect(url: string): WebSocketTransport {
  transport = new WebSocketTransport({ baseUrl: url, sessionId: "s", version: "0" });
  return transport;
}

describe("WebSocket lanes: stream_id out, events routed by the stream_id they echo", () => {
  test("a named lane sends its stream_id; the default lane sends none; echoes are not 'ignored'", async () => {
    server = await rawServer((frame) => [
      // a stray event of a lane nobody reads is dropped, never delivered to this response
      { type: "response.output_text.delta", stream_id: "other", delta: "not yours" },
      completed(`resp_${server?.frames.length}`, frame.stream_id),
    ]);
    const ws = connect(server.url);
    let ignored = 0;
    const onIgnored = () => {
      ignored += 1;
    };
    const high = await collect(
      ws.stream(demoRequest("hi"), undefined, { streamId: "high", onIgnored }),
    );
    const plain = await collect(ws.stream(demoRequest("hi")));
    expect(high.map((e) => e.type)).toEqual(["response.completed"]);
    expect(plain.map((e) => e.type)).toEqual(["response.completed"]);
    expect(server.frames.map((f) => f.stream_id)).toEqual(["high", undefined]);
    expect(server.frames[0]).toMatchObject({ type: "response.create", model: "demo-model" });
    expect(ignored).toBe(0);
    expect(ws.namedLaneCount).toBe(1);
    expect(ws.hasCarried("high")).toBe(true);
    expect(ws.hasCarried("low")).toBe(false);
  });

  test("a named lane whose events echo nothing was run on the server's default lane", async () => {
    server = await rawServer(() => [completed("resp_1")]);
    const ws = connect(server.url);
    let ignored = 0;
    const events = await collect(
      ws.stream(demoRequest("hi"), undefined, {
        streamId: "high",
        onIgnored: () => {
          ignored += 1;
        },
      }),
    );
    expect(events.map((e) => e.type)).toEqual(["response.completed"]);
    expect(ignored).toBe(1);
  });

  test("an error frame that names stream_id reaches the named lane as its error, not as 'ignored'", async () => {
    server = await rawServer((frame) => [
      frame.stream_id === undefined
        ? completed("resp_2")
        : {
            type: "error",
            status: 400,
            error: {
              type: "invalid_request_error",
              code: "unknown_parameter",
              message: "Unknown parameter: 'stream_id'.",
              param: "stream_id",
            },
          },
    ]);
    const ws = connect(server.url);
    let ignored = 0;
    const error = await collect(
      ws.stream(demoRequest("hi"), undefined, {
        streamId: "high",
        onIgnored: () => {
          ignored += 1;
        },
      }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "fatal", code: "unknown_parameter", param: "stream_id" });
    expect(ignored).toBe(0);
    // the socket survives the refusal: the default lane goes on on it
    const connection = ws.connectionId;
    const events = await collect(ws.stream(demoRequest("hi")));
    expect(events.map((e) => e.type)).toEqual(["response.completed"]);
    expect(ws.connectionId).toBe(connection);
  });
});
