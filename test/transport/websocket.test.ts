import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { apiKeyCredentials } from "../../src/auth/credentials-for.js";
import type { DemoServer } from "../../src/demo/index.js";
import type { ResponseItem } from "../../src/protocol/items.js";
import { TransportError, WebSocketUnavailable } from "../../src/transport/errors.js";
import { HttpTransport } from "../../src/transport/http.js";
import { WebSocketTransport } from "../../src/transport/websocket.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import {
  abortAtFirstDelta,
  collect,
  completedId,
  demoRequest,
  doneItems,
  endpointFor,
  rejection,
} from "../demo/fixtures.js";

let server: DemoServer;
let transport: WebSocketTransport;
beforeEach(async () => {
  server = await startCheckedDemoServer();
  transport = new WebSocketTransport(
    endpointFor(server, { credentials: apiKeyCredentials("sk-ws-secret") }),
  );
});
afterEach(async () => {
  transport.close();
  await server.close();
});

/** Ids are random per response: compare everything else. */
function withoutIds(items: ResponseItem[]): unknown[] {
  return items.map(({ id: _id, call_id: _call, encrypted_content: _enc, ...rest }) => rest);
}

describe("WebSocketTransport against the demo server", () => {
  test("decodes the same scripted response as HTTP SSE", async () => {
    const request = demoRequest("write notes.txt: hello", { reasoning: { effort: "low" } });
    const overWs = await collect(transport.stream(request));
    const overHttp = await collect(new HttpTransport(endpointFor(server)).stream(request));
    expect(overWs.map((e) => e.type)).toEqual(overHttp.map((e) => e.type));
    expect(withoutIds(doneItems(overWs))).toEqual(withoutIds(doneItems(overHttp)));
    expect(doneItems(overWs).map((i) => i.type)).toEqual(["reasoning", "custom_tool_call"]);
  });

  test("sends the upgrade headers and keeps the socket for the next response", async () => {
    const first = await collect(transport.stream(demoRequest("one")));
    const connectionId = transport.connectionId;
    expect(transport.isOpen).toBe(true);
    expect(transport.openedAt).toBeTypeOf("number");
    const second = await collect(
      transport.stream(demoRequest([], { previous_response_id: completedId(first) })),
    );
    expect(second.at(-1)?.type).toBe("response.completed");
    expect(transport.connectionId).toBe(connectionId);
    const [a, b] = server.requests;
    expect(a?.connectionId).toBe(b?.connectionId);
    expect(b?.previousResponseId).toBe(completedId(first));
    expect(a?.headers).toMatchObject({
      originator: "mini_codex",
      sessionId: "session-test",
      authorizationPresent: true,
    });
    expect(JSON.stringify(server.requests)).not.toContain("sk-ws-secret");
    expect((a?.body as { type?: string } | undefined)?.type).toBe("response.create");
  });

  test("explicit connect() opens the socket before any request", async () => {
    expect(transport.isOpen).toBe(false);
    await transport.connect();
    expect(transport.isOpen).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  test("an error frame surfaces as a TransportError classified by its status and code", async () => {
    server.hooks.failNext({ status: 400, code: "invalid_prompt", message: "bad prompt" });
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.kind).toBe("fatal");
    expect(error.status).toBe(400);
    expect(error.code).toBe("invalid_prompt");
    expect(error.message).toContain("bad prompt");
    // The socket survives an error frame.
    const events = await collect(transport.stream(demoRequest("again")));
    expect(events.at(-1)?.type).toBe("response.completed");
  });

  test("a rate-limit error frame carries the suggested delay", async () => {
    server.hooks.failNext({
      status: 429,
      code: "rate_limit_exceeded",
      message: "Rate limit reached. Please try again in 1.5s.",
    });
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error.kind).toBe("rate_limited");
    expect(error.retryAfterMs).toBe(1500);
  });

  test("an unknown previous_response_id is previous_not_found", async () => {
    const first = await collect(transport.stream(demoRequest("one")));
    server.hooks.forgetResponses();
    const error = (await rejection(
      collect(transport.stream(demoRequest([], { previous_response_id: completedId(first) }))),
    )) as TransportError;
    expect(error.kind).toBe("previous_not_found");
    expect(error.code).toBe("previous_response_not_found");
  });

  test("a close mid-stream is retryable, marks the stream started and closes the transport", async () => {
    await transport.connect();
    const firstConnection = transport.connectionId;
    server.hooks.dropAfterEvents(3);
    const seen: string[] = [];
    const error = (await rejection(
      (async () => {
        for await (const event of transport.stream(demoRequest("hello"))) seen.push(event.type);
      })(),
    )) as TransportError;
    expect(seen).toHaveLength(3);
    expect(error.kind).toBe("retryable");
    expect(error.streamStarted).toBe(true);
    expect(transport.isOpen).toBe(false);
    // The next request reconnects on a new connection.
    await collect(transport.stream(demoRequest("again")));
    expect(transport.connectionId).not.toBe(firstConnection);
    expect(server.requests[1]?.connectionId).not.toBe(server.requests[0]?.connectionId);
  });

  test("a silent stream hits the idle timeout and drops the socket", async () => {
    const quick = new WebSocketTransport(endpointFor(server, { streamIdleTimeoutMs: 150 }));
    server.hooks.stallAfterEvents(2);
    const error = (await rejection(collect(quick.stream(demoRequest("x"))))) as TransportError;
    expect(error.kind).toBe("retryable");
    expect(error.code).toBe("stream_idle_timeout");
    expect(error.streamStarted).toBe(true);
    expect(quick.isOpen).toBe(false);
    quick.close();
  });

  test("a refused upgrade is WebSocketUnavailable with the status", async () => {
    server.hooks.refuseUpgrade(426);
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error).toBeInstanceOf(WebSocketUnavailable);
    expect(error.kind).toBe("fallback_http");
    expect(error.status).toBe(426);
    expect(server.requests).toHaveLength(0);
  });

  test("a wrong path (404 upgrade) is WebSocketUnavailable too", async () => {
    const wrong = new WebSocketTransport(
      endpointFor(server, { baseUrl: `${server.baseUrl}/nope` }),
    );
    const error = (await rejection(wrong.connect())) as TransportError;
    expect(error).toBeInstanceOf(WebSocketUnavailable);
    expect(error.status).toBe(404);
  });

  test("aborting mid-stream ends it with kind aborted and drops the socket", async () => {
    const error = await abortAtFirstDelta(transport);
    expect(error.kind).toBe("aborted");
    expect(transport.isOpen).toBe(false);
  });

  test("a queued stream aborted while waiting leaves the running one alone", async () => {
    const controller = new AbortController();
    const first = transport.stream(demoRequest("demo:slow 3"))[Symbol.asyncIterator]();
    const firstEvent = await first.next();
    expect(firstEvent.value?.type).toBe("response.created");
    const queued = collect(transport.stream(demoRequest("queued"), controller.signal));
    controller.abort();
    expect(((await rejection(queued)) as TransportError).kind).toBe("aborted");
    const rest: string[] = [];
    for (let step = await first.next(); !step.done; step = await first.next()) {
      rest.push(step.value.type);
    }
    expect(rest.at(-1)).toBe("response.completed");
    expect(server.requests).toHaveLength(1);
    const after = await collect(transport.stream(demoRequest("after")));
    expect(after.at(-1)?.type).toBe("response.completed");
  });

  test("runs one response at a time: a second stream waits for the first", async () => {
    const log: string[] = [];
    const run = async (label: string, text: string) => {
      for await (const event of transport.stream(demoRequest(text)))
        log.push(`${label}:${event.type}`);
    };
    await Promise.all([run("a", "first answer"), run("b", "second answer")]);
    const lastOfA = log.lastIndexOf("a:response.completed");
    const firstOfB = log.indexOf("b:response.created");
    expect(lastOfA).toBeGreaterThanOrEqual(0);
    expect(firstOfB).toBeGreaterThan(lastOfA);
    expect(server.requests[0]?.connectionId).toBe(server.requests[1]?.connectionId);
  });
});

describe("WebSocketTransport connect failures", () => {
  let silent: Server;
  afterEach(async () => {
    await new Promise((resolve) => silent?.close(resolve));
  });

  test("an upgrade that never answers times out as WebSocketUnavailable", async () => {
    const sockets: import("node:net").Socket[] = [];
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const stalled = new WebSocketTransport({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      sessionId: "s",
      version: "0.1.0",
      websocketConnectTimeoutMs: 150,
    });
    const error = (await rejection(stalled.connect())) as TransportError;
    expect(error).toBeInstanceOf(WebSocketUnavailable);
    expect(error.message).toContain("timed out");
    for (const socket of sockets) socket.destroy();
  });

  test("a refused connection is WebSocketUnavailable", async () => {
    silent = createServer();
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    await new Promise((resolve) => silent.close(resolve));
    const refused = new WebSocketTransport({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      sessionId: "s",
      version: "0.1.0",
    });
    const error = (await rejection(refused.connect())) as TransportError;
    expect(error).toBeInstanceOf(WebSocketUnavailable);
    expect(error.message).toContain("ECONNREFUSED");
  });
});
