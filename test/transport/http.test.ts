import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  API_KEY_REJECTED as AUTH_MESSAGE,
  apiKeyCredentials,
} from "../../src/auth/credentials-for.js";
import type { DemoServer } from "../../src/demo/index.js";
import { TransportError } from "../../src/transport/errors.js";
import { HttpTransport } from "../../src/transport/http.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import {
  abortAtFirstDelta,
  collect,
  demoRequest,
  endpointFor,
  rejection,
} from "../demo/fixtures.js";

let server: DemoServer;
beforeEach(async () => {
  server = await startCheckedDemoServer();
});
afterEach(async () => {
  await server.close();
});

describe("HttpTransport against the demo server", () => {
  test("streams a response and sends the honest identity headers", async () => {
    const transport = new HttpTransport(
      endpointFor(server, { credentials: apiKeyCredentials("sk-test-secret") }),
    );
    const events = await collect(transport.stream(demoRequest("hello there")));
    expect(events.at(-1)?.type).toBe("response.completed");
    const [recorded] = server.requests;
    expect(recorded?.transport).toBe("http");
    expect(recorded?.headers.originator).toBe("mini_codex");
    expect(recorded?.headers.userAgent).toMatch(/^mini-codex\/0\.1\.0 \(.+; .+\) node\/\d+/);
    expect(recorded?.headers.authorizationPresent).toBe(true);
    expect(JSON.stringify(server.requests)).not.toContain("sk-test-secret");
  });

  test("never sends previous_response_id or generate over HTTP", async () => {
    const transport = new HttpTransport(endpointFor(server));
    await collect(
      transport.stream(demoRequest("hi", { previous_response_id: "resp_x", generate: false })),
    );
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty("previous_response_id");
    expect(body).not.toHaveProperty("generate");
    expect(server.requests[0]?.headers.authorizationPresent).toBe(false);
  });

  test("a 503 is one attempt: a retryable error naming the status (the model client retries)", async () => {
    server.hooks.failHttpTimes(1, 503);
    const transport = new HttpTransport(endpointFor(server));
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error.kind).toBe("retryable");
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    const events = await collect(transport.stream(demoRequest("after a failure")));
    expect(events.at(-1)?.type).toBe("response.completed");
  });

  test("401 is an auth error with the key hint and is not retried", async () => {
    server.hooks.failNext({ status: 401, code: "invalid_api_key", message: "Incorrect API key" });
    const transport = new HttpTransport(
      endpointFor(server, { credentials: apiKeyCredentials("sk-bad") }),
    );
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.kind).toBe("auth");
    expect(error.message).toBe(AUTH_MESSAGE);
    expect(server.requests).toHaveLength(1);
  });

  test("another 4xx is fatal and carries the status and the server's error code", async () => {
    server.hooks.failNext({ status: 400, code: "context_length_exceeded", message: "too long" });
    const transport = new HttpTransport(endpointFor(server));
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error.kind).toBe("fatal");
    expect(error.status).toBe(400);
    expect(error.code).toBe("context_length_exceeded");
    expect(error.message).toContain("too long");
    expect(server.requests).toHaveLength(1);
  });

  test("a stream that goes silent hits the idle timeout as a retryable error", async () => {
    server.hooks.stallAfterEvents(2);
    const transport = new HttpTransport(endpointFor(server, { streamIdleTimeoutMs: 150 }));
    const seen: string[] = [];
    const error = (await rejection(
      (async () => {
        for await (const event of transport.stream(demoRequest("stall"))) seen.push(event.type);
      })(),
    )) as TransportError;
    expect(seen).toEqual(["response.created", "response.in_progress"]);
    expect(error.kind).toBe("retryable");
    expect(error.code).toBe("stream_idle_timeout");
    expect(error.streamStarted).toBe(true);
  });

  test("aborting mid-stream ends it with kind aborted", async () => {
    const error = await abortAtFirstDelta(new HttpTransport(endpointFor(server)));
    expect(error.kind).toBe("aborted");
    expect(error.streamStarted).toBe(true);
  });

  test("close() ends a stream in flight with kind aborted", async () => {
    const transport = new HttpTransport(endpointFor(server));
    const error = (await rejection(
      (async () => {
        for await (const event of transport.stream(demoRequest("demo:slow 20"))) {
          if (event.type === "response.output_text.delta") transport.close();
        }
      })(),
    )) as TransportError;
    expect(error.kind).toBe("aborted");
    expect(server.requests).toHaveLength(1);
  });

  test("a response.failed event is delivered as the terminal event", async () => {
    const transport = new HttpTransport(endpointFor(server));
    const events = await collect(transport.stream(demoRequest("demo:fail")));
    const last = events.at(-1);
    expect(last?.type).toBe("response.failed");
    if (last?.type === "response.failed") expect(last.response.error?.code).toBe("invalid_prompt");
  });
});

describe("HttpTransport against a misbehaving server", () => {
  let raw: Server;
  let hits = 0;
  afterEach(async () => {
    raw.closeAllConnections();
    await new Promise((resolve) => raw.close(resolve));
  });

  async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
    hits = 0;
    raw = createServer((req, res) => {
      hits++;
      handler?.(req, res);
    });
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(raw.address() as AddressInfo).port}/v1`;
  }

  test("a stream that ends without a terminal event is retryable and marked started", async () => {
    const baseUrl = await listen((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.end('data: {"type":"response.created","response":{"id":"resp_1"}}\n\n');
    });
    const transport = new HttpTransport({ baseUrl, sessionId: "s", version: "0.1.0" });
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error.kind).toBe("retryable");
    expect(error.streamStarted).toBe(true);
    expect(hits).toBe(1);
  });

  test("an error body's text beyond the error message never reaches the error", async () => {
    const baseUrl = await listen((_req, res) => {
      res.writeHead(403, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({ error: { code: "forbidden", message: "no access" }, secret: "S3CR3T" }),
      );
    });
    const transport = new HttpTransport({ baseUrl, sessionId: "s", version: "0.1.0" });
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error.kind).toBe("fatal");
    expect(error.message).toBe("HTTP 403 forbidden: no access");
    expect(error.message).not.toContain("S3CR3T");
  });

  test("a server that never sends headers ends the attempt at the idle timeout, retryable", async () => {
    const baseUrl = await listen((_req, res) => {
      if (hits === 1) return; // the first request hangs
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.end('data: {"type":"response.completed","response":{"id":"resp_2"}}\n\n');
    });
    const transport = new HttpTransport({
      baseUrl,
      sessionId: "s",
      version: "0.1.0",
      streamIdleTimeoutMs: 150,
    });
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error).toMatchObject({ kind: "retryable", code: "stream_idle_timeout" });
    expect(hits).toBe(1);
    const events = await collect(transport.stream(demoRequest("x")));
    expect(events.map((e) => e.type)).toEqual(["response.completed"]);
  });

  test("a network error before the stream is one retryable attempt", async () => {
    const baseUrl = await listen((_req, res) => res.destroy());
    const transport = new HttpTransport({ baseUrl, sessionId: "s", version: "0.1.0" });
    const error = (await rejection(collect(transport.stream(demoRequest("x"))))) as TransportError;
    expect(error.kind).toBe("retryable");
    expect(error.message).toMatch(/^network error/);
    expect(hits).toBe(1);
  });
});
