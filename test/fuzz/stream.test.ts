import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { startDemoServer } from "../../src/demo/index.js";
import {
  ProtocolError,
  parseServerEventJson,
  type ServerEvent,
} from "../../src/protocol/events.js";
import { formatSseEvent, SseParser } from "../../src/protocol/sse.js";
import { TransportError } from "../../src/transport/errors.js";
import { HttpTransport } from "../../src/transport/http.js";
import { WebSocketTransport } from "../../src/transport/websocket.js";
import { collect, demoRequest, endpointFor } from "../demo/fixtures.js";
import { fuzz, mutateMany, NASTY, typedFailure } from "./harness.js";
import type { Prng } from "./prng.js";

const TOKENS = [
  "data: ",
  "event: ",
  "id: ",
  "retry: 1\n",
  ": comment\n",
  "\n\n",
  "\r\n",
  '"type":"response.completed"',
  '"type":"error"',
  '{"type":"response.output_item.done","item":{}}',
  "null",
  "[]",
  '"',
];

/** Real events of one scripted response (a reasoning summary, a message, a tool call). */
let events: ServerEvent[] = [];
const request = demoRequest("write notes.txt: hello", { reasoning: { effort: "low" } });

beforeAll(async () => {
  const demo = await startDemoServer();
  try {
    events = await collect(new HttpTransport(endpointFor(demo)).stream(request));
  } finally {
    await demo.close();
  }
});

const sseText = () => events.map((e) => formatSseEvent(JSON.stringify(e), e.type)).join("");
const malformedSse = (rng: Prng) => mutateMany(rng, sseText(), 6, TOKENS);

/** Random splits of a text, as bytes with stray invalid UTF-8, or as strings. */
function chunks(rng: Prng, text: string): Array<string | Uint8Array> {
  const out: Array<string | Uint8Array> = [];
  const bytes = rng.chance(0.5);
  for (let i = 0; i < text.length; ) {
    const n = 1 + rng.int(rng.chance(0.2) ? 8 : 400);
    const piece = text.slice(i, i + n);
    if (!bytes) out.push(piece);
    else {
      const encoded = Buffer.from(piece, "utf8");
      out.push(rng.chance(0.1) ? Buffer.concat([encoded, Buffer.from([0xc3])]) : encoded);
    }
    i += n;
  }
  return out;
}

const TRANSPORT_ERRORS = [TransportError, ProtocolError];

describe("fuzz: SSE parser and server events", { timeout: 60_000 }, () => {
  it("SseParser + parseServerEventJson: events or a ProtocolError, never a crash", async () => {
    const cases = await fuzz(
      "sse",
      2_000,
      (rng) => malformedSse(rng),
      async (text, rng) => {
        const parser = new SseParser();
        const got = chunks(rng, text).flatMap((chunk) => parser.feed(chunk));
        got.push(...parser.end());
        for (const event of got) {
          expect(typeof event.data).toBe("string");
          await typedFailure(() => parseServerEventJson(event.data), [ProtocolError]);
        }
      },
    );
    expect(cases).toBe(2_000);
  });
});

describe("fuzz: malformed streams over real sockets", { timeout: 60_000 }, () => {
  let http: Server;
  let wss: WebSocketServer;
  /** What the servers send for the current case. */
  let body = "";
  let frames: Array<{ kind: "text" | "binary" | "raw"; data: string | Buffer }> = [];
  let base = "";

  beforeAll(async () => {
    http = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(body);
      });
    });
    wss = new WebSocketServer({ server: http });
    wss.on("connection", (socket: WebSocket) => {
      socket.on("message", () => {
        for (const frame of frames) {
          if (frame.kind === "text") socket.send(String(frame.data));
          else if (frame.kind === "binary") socket.send(frame.data as Buffer, { binary: true });
          // bytes that are not a valid frame at all, straight onto the TCP stream
          else
            (socket as unknown as { _socket: { write(b: Buffer): void } })._socket.write(
              frame.data as Buffer,
            );
        }
        socket.close();
      });
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    wss.close();
    await new Promise((resolve) => http.close(resolve));
  });

  const endpoint = () => ({
    baseUrl: base,
    sessionId: "fuzz",
    version: "0.1.0",
    requestMaxRetries: 0,
  });

  it("HTTP: a malformed SSE body ends in events or a TransportError", async () => {
    const transport = new HttpTransport(endpoint());
    const cases = await fuzz("http-sse", 300, malformedSse, async (text) => {
      body = text;
      await typedFailure(() => collect(transport.stream(request)), TRANSPORT_ERRORS);
    });
    expect(cases).toBe(300);
  });

  it("WebSocket: malformed text, binary and raw frames end in events or a TransportError", async () => {
    const transport = new WebSocketTransport(endpoint());
    try {
      const cases = await fuzz(
        "websocket-frames",
        400,
        (rng) =>
          events.map((event) => {
            const text = JSON.stringify(event);
            const roll = rng.next();
            if (roll < 0.15) return { kind: "binary" as const, data: Buffer.from(text) };
            if (roll < 0.2)
              return { kind: "raw" as const, data: Buffer.from(rng.string(1 + rng.int(8), NASTY)) };
            return {
              kind: "text" as const,
              data: rng.chance(0.6) ? mutateMany(rng, text, 3, TOKENS) : text,
            };
          }),
        async (input) => {
          frames = input;
          await typedFailure(() => collect(transport.stream(request)), TRANSPORT_ERRORS);
        },
      );
      expect(cases).toBe(400);
    } finally {
      transport.close();
    }
  });
});
