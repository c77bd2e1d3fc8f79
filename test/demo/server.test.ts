import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import WebSocket from "ws";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { runDemoServerCommand } from "../../src/demo/main.js";
import type { ServerEvent } from "../../src/protocol/events.js";
import { type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { canonicalJson } from "../../src/protocol/json.js";
import { toResponseCreateFrame } from "../../src/protocol/request.js";
import type { TransportError } from "../../src/transport/errors.js";
import { HttpTransport } from "../../src/transport/http.js";
import { WebSocketTransport } from "../../src/transport/websocket.js";
import {
  collect,
  completedId,
  demoRequest,
  doneItems,
  endpointFor,
  rejection,
} from "./fixtures.js";

let server: DemoServer;
const transports: WebSocketTransport[] = [];
function ws(): WebSocketTransport {
  const transport = new WebSocketTransport(endpointFor(server));
  transports.push(transport);
  return transport;
}
beforeEach(async () => {
  server = await startDemoServer();
});
afterEach(async () => {
  for (const transport of transports.splice(0)) transport.close();
  await server.close();
});

function usageOf(events: ServerEvent[]) {
  const last = events.at(-1);
  if (last?.type !== "response.completed") throw new Error("not completed");
  return last.response.usage!;
}

/** Send one raw frame on a fresh socket and return the first frame the server answers. */
async function rawFirstFrame(frame: unknown): Promise<Record<string, unknown>> {
  const socket = new WebSocket(`${server.baseUrl.replace("http", "ws")}/responses`);
  try {
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const reply = new Promise<string>((resolve) =>
      socket.once("message", (d) => resolve(d.toString())),
    );
    socket.send(JSON.stringify(frame));
    return JSON.parse(await reply) as Record<string, unknown>;
  } finally {
    socket.terminate();
  }
}

describe("demo server: response chaining", () => {
  test("accepts a previous_response_id on its own connection and continues that context", async () => {
    const socket = ws();
    const first = await collect(socket.stream(demoRequest("run: echo hi")));
    const [call] = doneItems(first);
    expect(call).toMatchObject({ type: "function_call", name: "shell_command" });
    const output: ResponseItem = {
      type: "function_call_output",
      call_id: call!.call_id as string,
      output: "Exit code: 0\nWall time: 0.1 seconds\nOutput:\nhi\n",
    };
    const second = await collect(
      socket.stream(demoRequest([output], { previous_response_id: completedId(first) })),
    );
    const [message] = doneItems(second);
    expect(JSON.stringify(message)).toContain("Ran the command. Exit code 0.");
    expect(server.requests[1]).toMatchObject({
      inputLength: 1,
      previousResponseId: completedId(first),
    });
  });

  test("rejects a previous_response_id completed on another connection", async () => {
    const first = await collect(ws().stream(demoRequest("hello")));
    const frame = await rawFirstFrame(
      toResponseCreateFrame(demoRequest([], { previous_response_id: completedId(first) })),
    );
    expect(frame).toEqual({
      type: "error",
      status: 400,
      error: {
        type: "invalid_request_error",
        code: "previous_response_not_found",
        message: expect.any(String),
        param: "previous_response_id",
      },
    });
    const error = (await rejection(
      collect(ws().stream(demoRequest([], { previous_response_id: completedId(first) }))),
    )) as TransportError;
    expect(error.kind).toBe("previous_not_found");
  });

  test("HTTP requests have no chain: a previous_response_id is not found", async () => {
    const first = await collect(new HttpTransport(endpointFor(server)).stream(demoRequest("hi")));
    const response = await fetch(`${server.baseUrl}/responses`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(demoRequest([], { previous_response_id: completedId(first) })),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe("previous_response_not_found");
  });

  test("failed and dropped responses never become chainable", async () => {
    const socket = ws();
    const failed = await collect(socket.stream(demoRequest("demo:fail")));
    const last = failed.at(-1);
    expect(last?.type).toBe("response.failed");
    const failedId = last?.type === "response.failed" ? last.response.id : "";
    const error = (await rejection(
      collect(socket.stream(demoRequest([], { previous_response_id: failedId }))),
    )) as TransportError;
    expect(error.code).toBe("previous_response_not_found");
  });

  test("warm-up (generate:false) returns no items, reports usage and heads the chain", async () => {
    const socket = ws();
    const warm = await collect(socket.stream(demoRequest([], { generate: false })));
    expect(doneItems(warm)).toEqual([]);
    expect(usageOf(warm).input_tokens).toBeGreaterThan(0);
    expect(server.requests[0]?.generate).toBe(false);
    const turn = await collect(
      socket.stream(demoRequest("hi after warm-up", { previous_response_id: completedId(warm) })),
    );
    expect(JSON.stringify(doneItems(turn))).toContain("You said: hi after warm-up");
  });
});

describe("demo server: output", () => {
  test("a repeated long prefix reports cached tokens under the same prompt_cache_key", async () => {
    const instructions = "Be a careful assistant. ".repeat(400);
    const socket = ws();
    const first = await collect(socket.stream(demoRequest("hello", { instructions })));
    expect(usageOf(first).input_tokens_details?.cached_tokens).toBe(0);
    const again = await collect(socket.stream(demoRequest("hello again", { instructions })));
    const usage = usageOf(again);
    expect(usage.input_tokens_details?.cached_tokens).toBeGreaterThanOrEqual(1024);
    expect(usage.input_tokens_details?.cached_tokens).toBeLessThanOrEqual(usage.input_tokens);
    const otherKey = await collect(
      socket.stream(demoRequest("hello", { instructions, prompt_cache_key: "other" })),
    );
    expect(usageOf(otherKey).input_tokens_details?.cached_tokens).toBe(0);
  });

  test("input tokens are about a quarter of the prompt bytes and cover a chained context", async () => {
    const socket = ws();
    const request = demoRequest("count me");
    const first = await collect(socket.stream(request));
    const bytes = Buffer.byteLength(
      canonicalJson(request.instructions) +
        canonicalJson(request.tools) +
        canonicalJson(request.input[0]),
    );
    expect(usageOf(first).input_tokens).toBe(Math.ceil(bytes / 4));
    const chained = await collect(
      socket.stream(demoRequest([], { previous_response_id: completedId(first) })),
    );
    expect(usageOf(chained).input_tokens).toBeGreaterThan(usageOf(first).input_tokens);
  });

  test("a reasoning request starts with a summarised, encrypted reasoning item", async () => {
    const events = await collect(
      ws().stream(demoRequest("hello", { reasoning: { effort: "low" } })),
    );
    const [reasoning, message] = doneItems(events);
    expect(reasoning).toMatchObject({ type: "reasoning", summary: [{ type: "summary_text" }] });
    expect(reasoning?.encrypted_content).toEqual(expect.any(String));
    expect(message?.type).toBe("message");
    expect(events.some((e) => e.type === "response.reasoning_summary_text.delta")).toBe(true);
    expect(usageOf(events).output_tokens_details?.reasoning_tokens).toBeGreaterThan(0);
  });

  test("completed output is empty over WebSocket and complete over HTTP", async () => {
    const overWs = await collect(ws().stream(demoRequest("hi")));
    const overHttp = await collect(
      new HttpTransport(endpointFor(server)).stream(demoRequest("hi")),
    );
    const output = (events: ServerEvent[]) => {
      const last = events.at(-1);
      return last?.type === "response.completed" ? last.response.output : undefined;
    };
    expect(output(overWs)).toEqual([]);
    expect(output(overHttp)).toEqual(doneItems(overHttp));
  });

  test("custom apply_patch input streams in small deltas that add up to the patch", async () => {
    const events = await collect(ws().stream(demoRequest("write a.txt: hello")));
    const deltas = events.flatMap((e) =>
      e.type === "response.custom_tool_call_input.delta" ? [e.delta] : [],
    );
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.every((d) => d.length <= 8)).toBe(true);
    expect(deltas.join("")).toBe(doneItems(events)[0]?.input);
  });
});

describe("demo server: hooks and lifecycle", () => {
  test("refuseUpgrade lasts until reset", async () => {
    server.hooks.refuseUpgrade();
    expect((await rejection(ws().connect())) as TransportError).toMatchObject({ status: 426 });
    expect((await rejection(ws().connect())) as TransportError).toMatchObject({ status: 426 });
    server.hooks.reset();
    await ws().connect();
  });

  test("injectFrame puts an extra frame into the next response, once, on both transports", async () => {
    server.hooks.injectFrame({ frame: { type: "response.future_event", n: 1 }, after: 2 });
    const events = await collect(ws().stream(demoRequest("one")));
    expect(events[2]).toMatchObject({
      type: "unknown_event",
      raw: { type: "response.future_event" },
    });
    expect(events.at(-1)?.type).toBe("response.completed");
    server.hooks.injectFrame({ frame: { type: "response.future_event" } });
    const overHttp = await collect(new HttpTransport(endpointFor(server)).stream(demoRequest("x")));
    expect(overHttp.at(-2)?.type).toBe("unknown_event");
    expect(overHttp.at(-1)?.type).toBe("response.completed");
    const plain = await collect(ws().stream(demoRequest("two")));
    expect(plain.some((e) => e.type === "unknown_event")).toBe(false);
  });

  test("an injected frame that ends the response leaves nothing chainable", async () => {
    const socket = ws();
    const incomplete = { type: "response.incomplete", response: { id: "resp_x" } };
    server.hooks.injectFrame({ frame: incomplete, end: true });
    const events = await collect(socket.stream(demoRequest("one")));
    expect(events.at(-1)?.type).toBe("response.incomplete");
    const error = (await rejection(
      collect(
        socket.stream(demoRequest([], { previous_response_id: server.requests[0]!.responseId })),
      ),
    )) as TransportError;
    expect(error.kind).toBe("previous_not_found");
  });

  test("failNext without a status sends an error frame without one", async () => {
    server.hooks.failNext({ code: "mystery_code", message: "no status here" });
    const frame = await rawFirstFrame(toResponseCreateFrame(demoRequest("hi")));
    expect(frame).toMatchObject({ type: "error", error: { code: "mystery_code" } });
    expect(frame).not.toHaveProperty("status");
  });

  test("records the WebSocket upgrade headers", async () => {
    await collect(ws().stream(demoRequest("one")));
    expect(server.requests[0]?.headers).toMatchObject({
      openaiBeta: "responses_websockets=2026-02-06",
      clientRequestId: "session-test",
      sessionId: "session-test",
    });
  });

  test("close() ends open sockets and stops listening", async () => {
    const socket = ws();
    await socket.connect();
    await server.close();
    await vi.waitFor(() => expect(socket.isOpen).toBe(false), { timeout: 10_000 });
    const error = (await rejection(ws().connect())) as TransportError;
    expect(error.kind).toBe("fallback_http");
  });

  test("runDemoServerCommand prints the base URL and stops on SIGINT", async () => {
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const running = runDemoServerCommand({ port: 0 });
      await vi.waitFor(() => expect(write).toHaveBeenCalled(), { timeout: 10_000 });
      const url = String(write.mock.calls[0]?.[0]).trim();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const events = await collect(
        new HttpTransport({ baseUrl: url, sessionId: "s", version: "0" }).stream(
          demoRequest([userMessage("ping")]),
        ),
      );
      expect(events.at(-1)?.type).toBe("response.completed");
      process.emit("SIGINT");
      await running;
    } finally {
      write.mockRestore();
    }
  });
});
