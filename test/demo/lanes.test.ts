import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { userMessage } from "../../src/protocol/items.js";
import { demoRequest } from "./fixtures.js";
import { cachedTokensOf, completedIdOf, errorOf, type Frame, RawSocket } from "./raw-socket.js";

let server: DemoServer;
const sockets: RawSocket[] = [];
async function open(): Promise<RawSocket> {
  const socket = await RawSocket.open(server);
  sockets.push(socket);
  return socket;
}
beforeEach(async () => {
  server = await startDemoServer();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await server.close();
});

const text = (frames: Frame[]) => JSON.stringify(frames);

describe("demo server: stream_id lanes", () => {
  test("each named lane continues its own latest response, and every event echoes its stream_id", async () => {
    const socket = await open();
    const a1 = await socket.create("alpha one", { stream_id: "lane-a" });
    const b1 = await socket.create("beta one", { stream_id: "lane.b_2" });
    expect(a1.every((f) => f.stream_id === "lane-a")).toBe(true);
    expect(b1.every((f) => f.stream_id === "lane.b_2")).toBe(true);
    const a2 = await socket.create("alpha two", {
      stream_id: "lane-a",
      previous_response_id: completedIdOf(a1),
    });
    expect(text(a2)).toContain("You said: alpha two");
    const b2 = await socket.create("beta two", {
      stream_id: "lane.b_2",
      previous_response_id: completedIdOf(b1),
    });
    expect(b2.at(-1)?.type).toBe("response.completed");
    const plain = await socket.create("no lane");
    expect(plain.every((f) => !("stream_id" in f))).toBe(true);
  });

  test("only a lane's latest response can be continued; the error frame echoes the lane", async () => {
    const socket = await open();
    const first = await socket.create("one", { stream_id: "a" });
    await socket.create("two", { stream_id: "a", previous_response_id: completedIdOf(first) });
    const stale = await socket.create("three", {
      stream_id: "a",
      previous_response_id: completedIdOf(first),
    });
    expect(stale.at(-1)).toMatchObject({ type: "error", status: 400, stream_id: "a" });
    expect(errorOf(stale)).toMatchObject({
      code: "previous_response_not_found",
      param: "previous_response_id",
    });
  });

  test("a new lane can fork from another lane's latest response; the source lane keeps it", async () => {
    const socket = await open();
    const main = await socket.create("shared start", { stream_id: "main" });
    const fork = await socket.create("forked", {
      stream_id: "fork",
      previous_response_id: completedIdOf(main),
    });
    expect(fork.at(-1)?.type).toBe("response.completed");
    const again = await socket.create("main goes on", {
      stream_id: "main",
      previous_response_id: completedIdOf(main),
    });
    expect(again.at(-1)?.type).toBe("response.completed");
  });

  test.each([
    ["empty", ""],
    ["257 characters", "x".repeat(257)],
    ["a space", "my lane"],
    ["a slash", "a/b"],
  ])("a stream_id with %s is invalid_stream_id", async (_label, streamId) => {
    const socket = await open();
    const frames = await socket.create("hi", { stream_id: streamId });
    expect(frames.at(-1)).toMatchObject({ type: "error", status: 400, stream_id: streamId });
    expect(errorOf(frames)).toMatchObject({ code: "invalid_stream_id", param: "stream_id" });
  });

  test("a 256-character stream_id is fine, a number is not", async () => {
    const socket = await open();
    const long = await socket.create("hi", { stream_id: "y".repeat(256) });
    expect(long.at(-1)?.type).toBe("response.completed");
    const from = socket.received;
    socket.send({ ...demoRequest("hi"), type: "response.create", stream_id: 7 });
    const frames = await socket.until(from, undefined);
    expect(errorOf(frames).code).toBe("invalid_stream_id");
  });

  test("a connection opens at most 32 distinct named lanes in its lifetime", async () => {
    const socket = await open();
    for (let i = 0; i < 32; i++) {
      const frames = await socket.create("hi", { stream_id: `lane${i}`, generate: false });
      expect(frames.at(-1)?.type).toBe("response.completed");
    }
    const over = await socket.create("hi", { stream_id: "lane32" });
    expect(over.at(-1)).toMatchObject({ type: "error", stream_id: "lane32" });
    expect(errorOf(over).code).toBe("websocket_stream_limit_reached");
    const reused = await socket.create("hi", { stream_id: "lane5" });
    expect(reused.at(-1)?.type).toBe("response.completed");
    const elsewhere = await (await open()).create("hi", { stream_id: "lane32" });
    expect(elsewhere.at(-1)?.type).toBe("response.completed");
  });

  test("a failed continuation evicts the response it referenced", async () => {
    const socket = await open();
    const call = await socket.create("run: echo hi", { stream_id: "a" });
    const id = completedIdOf(call);
    const unanswered = await socket.create("never mind", {
      stream_id: "a",
      previous_response_id: id,
    });
    expect(errorOf(unanswered).message).toMatch(/^No tool output found for function call call_/);
    const retry = await socket.create([], { stream_id: "a", previous_response_id: id });
    expect(errorOf(retry).code).toBe("previous_response_not_found");
  });

  test("a response that fails evicts the one it continued", async () => {
    const socket = await open();
    const first = await socket.create("hello");
    const failed = await socket.create("demo:fail", { previous_response_id: completedIdOf(first) });
    expect(failed.at(-1)?.type).toBe("response.failed");
    const retry = await socket.create("again", { previous_response_id: completedIdOf(first) });
    expect(errorOf(retry).code).toBe("previous_response_not_found");
  });

  test("a closed socket loses every lane", async () => {
    const first = await open();
    const a = await first.create("one", { stream_id: "a" });
    first.close();
    const second = await open();
    const frames = await second.create("two", {
      stream_id: "a",
      previous_response_id: completedIdOf(a),
    });
    expect(errorOf(frames).code).toBe("previous_response_not_found");
  });

  test("lanes are served side by side: a slow lane does not hold up another", async () => {
    const socket = await open();
    let slowDone = false;
    // 100 parts 200 ms apart: served one lane at a time, quick would wait 20 s for it
    void socket.create("demo:slow 100", { stream_id: "slow" }).then(() => {
      slowDone = true;
    });
    const quick = await socket.create("quick", { stream_id: "quick" });
    expect(quick.at(-1)?.type).toBe("response.completed");
    expect(slowDone).toBe(false);
    expect(server.requests.map((r) => r.responseId !== undefined)).toEqual([true, true]);
  });

  test("HTTP knows no stream_id: unknown_parameter", async () => {
    const response = await fetch(`${server.baseUrl}/responses`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...demoRequest("hi"), stream_id: "a" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        type: "invalid_request_error",
        code: "unknown_parameter",
        message: "Unknown parameter: 'stream_id'.",
        param: "stream_id",
      },
    });
  });
});

describe("demo server: stream_id fault hooks", () => {
  test("rejectStreamIds: an unknown_parameter error naming stream_id, until reset", async () => {
    server.hooks.rejectStreamIds();
    const socket = await open();
    const frames = await socket.create("hi", { stream_id: "a" }, "none");
    expect(frames).toHaveLength(1);
    expect(frames[0]).toEqual({
      type: "error",
      status: 400,
      error: {
        type: "invalid_request_error",
        code: "unknown_parameter",
        message: "Unknown parameter: 'stream_id'.",
        param: "stream_id",
      },
    });
    expect((await socket.create("plain")).at(-1)?.type).toBe("response.completed");
    server.hooks.reset();
    expect((await socket.create("hi", { stream_id: "a" })).at(-1)?.type).toBe("response.completed");
  });

  test("ignoreStreamIds: no echo, and the request replaces the default lane's latest response", async () => {
    server.hooks.ignoreStreamIds();
    const socket = await open();
    const main = await socket.create("main");
    const frames = await socket.create("on a lane", { stream_id: "high" }, "none");
    expect(frames.every((f) => !("stream_id" in f))).toBe(true);
    expect(text(frames)).toContain("You said: on a lane");
    const stale = await socket.create("continue main", {
      previous_response_id: completedIdOf(main),
    });
    expect(errorOf(stale).code).toBe("previous_response_not_found");
  });
});

describe("demo server: prompt cache", () => {
  const instructions = "Be a careful assistant. ".repeat(400);

  test("reasoning heads the cached prefix: a new effort's lane starts cold, an existing lane stays warm", async () => {
    const socket = await open();
    const onLane = (effort: "medium" | "high", input: string, previous?: Frame[]) =>
      socket.create(input ? input : [], {
        instructions,
        reasoning: { effort },
        stream_id: effort,
        ...(previous ? { previous_response_id: completedIdOf(previous) } : {}),
      });
    const m1 = await onLane("medium", "one");
    expect(cachedTokensOf(m1)).toBe(0);
    const h1 = await onLane("high", "", m1);
    expect(cachedTokensOf(h1)).toBe(0);
    const m2 = await onLane("medium", "two", m1);
    expect(cachedTokensOf(m2)).toBeGreaterThanOrEqual(1024);
    const h2 = await onLane("high", "three", h1);
    expect(cachedTokensOf(h2)).toBeGreaterThanOrEqual(1024);
  });

  test("forgetPromptCache: the same prefix comes back with 0 cached tokens, the chain still works", async () => {
    const socket = await open();
    const first = await socket.create("hello", { instructions });
    const warm = await socket.create("again", {
      instructions,
      previous_response_id: completedIdOf(first),
    });
    expect(cachedTokensOf(warm)).toBeGreaterThanOrEqual(1024);
    server.hooks.forgetPromptCache();
    const cold = await socket.create("once more", {
      instructions,
      previous_response_id: completedIdOf(warm),
    });
    expect(cold.at(-1)?.type).toBe("response.completed");
    expect(cachedTokensOf(cold)).toBe(0);
  });
});

describe("demo server: a tool call needs its output, as the real API says", () => {
  const call = { type: "function_call", call_id: "call_1", name: "shell_command", arguments: "{}" };

  async function post(input: unknown[]): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${server.baseUrl}/responses`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...demoRequest([]), input }),
    });
    return { status: response.status, body: await response.json() };
  }

  test("a function_call without its output is a 400 naming the call, param input", async () => {
    expect(await post([userMessage("hi"), call, userMessage("next")])).toEqual({
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          code: null,
          message: "No tool output found for function call call_1.",
          param: "input",
        },
      },
    });
  });

  test("a custom_tool_call without its output, and an output without its call, are refused too", async () => {
    const custom = { type: "custom_tool_call", call_id: "call_2", name: "apply_patch", input: "x" };
    const refusedCustom = await post([userMessage("hi"), custom]);
    expect(refusedCustom.status).toBe(400);
    expect(JSON.stringify(refusedCustom.body)).toContain(
      "No tool output found for custom tool call call_2.",
    );
    const orphan = { type: "function_call_output", call_id: "call_9", output: "done" };
    const refusedOrphan = await post([userMessage("hi"), orphan]);
    expect(refusedOrphan.status).toBe(400);
    expect(JSON.stringify(refusedOrphan.body)).toContain("call_9");
  });

  test("a paired call is accepted, wherever its output comes", async () => {
    const output = { type: "function_call_output", call_id: "call_1", output: "Exit code: 0" };
    const accepted = await fetch(`${server.baseUrl}/responses`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...demoRequest([]), input: [userMessage("hi"), call, output] }),
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("Ran the command. Exit code 0.");
  });
});
