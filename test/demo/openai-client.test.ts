import OpenAI from "openai";
import type {
  ResponseStreamEvent,
  ResponsesServerEvent,
} from "openai/resources/responses/responses";
import { ResponsesWS } from "openai/resources/responses/ws";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";

/** The official `openai` package (6.x, the line that runs on Node 20) as a client of the demo. */
let server: DemoServer;
let client: OpenAI;
beforeEach(async () => {
  server = await startDemoServer();
  client = new OpenAI({ apiKey: "not-a-real-key", baseURL: server.baseUrl, maxRetries: 0 });
});
afterEach(async () => {
  await server.close();
});

const deltas = (events: Array<{ type: string; delta?: unknown }>) =>
  events.flatMap((e) => (e.type === "response.output_text.delta" ? [String(e.delta)] : []));

describe("openai package over HTTP", () => {
  test("responses.create({stream: true}) streams the answer to response.completed", async () => {
    const stream = await client.responses.create({
      model: "demo-model",
      input: "hello from the openai package",
      stream: true,
    });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(deltas(events).join("")).toBe("You said: hello from the openai package");
    expect(events.at(-1)?.type).toBe("response.completed");
    expect(server.requests.map((r) => r.transport)).toEqual(["http"]);
  });

  test("without stream, responses.create returns the response and its output_text", async () => {
    const response = await client.responses.create({
      model: "demo-model",
      instructions: "Be brief.",
      input: [{ role: "user", content: "plain" }],
    });
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe("You said: plain");
  });

  test("a refused request is the package's typed 400 error with the API's fields", async () => {
    const error = await client.responses
      .create({ model: "demo-model", input: "x", tools: [{ type: "browser" } as never] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ status: 400, code: "invalid_value", param: "tools[0].type" });
  });
});

describe("openai package over its Responses WebSocket client", () => {
  async function untilDone(ws: ResponsesWS): Promise<ResponsesServerEvent[]> {
    const events: ResponsesServerEvent[] = [];
    for await (const message of ws) {
      if (message.type === "error") throw message.error;
      if (message.type !== "message") continue;
      events.push(message.message);
      const type = message.message.type;
      if (type === "response.completed" || type === "response.failed" || type === "error") break;
    }
    return events;
  }

  test("two responses on one socket, the second continuing the first incrementally", async () => {
    const ws = new ResponsesWS(client);
    try {
      ws.send({ type: "response.create", model: "demo-model", store: false, input: "first" });
      const first = await untilDone(ws);
      expect(deltas(first).join("")).toBe("You said: first");
      const completed = first.at(-1);
      if (completed?.type !== "response.completed") throw new Error("first did not complete");
      ws.send({
        type: "response.create",
        model: "demo-model",
        store: false,
        previous_response_id: completed.response.id,
        input: "second",
        tools: [{ type: "web_search" }],
      });
      const second = await untilDone(ws);
      expect(second.at(-1)?.type).toBe("response.completed");
      expect(server.requests.map((r) => [r.transport, r.connectionId])).toEqual([
        ["ws", server.requests[0]?.connectionId],
        ["ws", server.requests[0]?.connectionId],
      ]);
      expect(server.requests[1]?.previousResponseId).toBe(completed.response.id);
    } finally {
      ws.close();
    }
  });

  test("a web search streams the web_search_call events and a canned answer", async () => {
    const ws = new ResponsesWS(client);
    try {
      ws.send({
        type: "response.create",
        model: "demo-model",
        input: "search: offline demo",
        tools: [{ type: "web_search" }],
      });
      const events = await untilDone(ws);
      const types = events.map((e) => e.type);
      expect(types).toContain("response.web_search_call.searching");
      expect(types).toContain("response.web_search_call.completed");
      const item = events.find(
        (e) => e.type === "response.output_item.done" && e.item.type === "web_search_call",
      );
      expect(item).toMatchObject({
        item: {
          type: "web_search_call",
          status: "completed",
          action: { type: "search", query: "offline demo" },
        },
      });
      expect(deltas(events).join("")).toContain('Search results for "offline demo"');
    } finally {
      ws.close();
    }
  });
});
