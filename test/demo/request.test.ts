import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "./client-check.js";
import { demoRequest } from "./fixtures.js";
import { RawSocket } from "./raw-socket.js";

let server: DemoServer;
beforeEach(async () => {
  server = await startDemoServer();
});
afterEach(async () => {
  await server.close();
});

async function post(body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.baseUrl}/responses`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** A request shaped like the Codex CLI's: no instructions, hosted and namespace tools. */
const codexLike = {
  model: "gpt-5.1-codex",
  stream: true,
  input: "hello",
  tools: [
    { type: "function", name: "exec_command", description: "", strict: false, parameters: {} },
    {
      type: "namespace",
      name: "agents",
      description: "",
      tools: [{ type: "function", name: "spawn" }],
    },
    { type: "web_search", external_web_access: false },
    { type: "local_shell" },
    { type: "custom", name: "apply_patch", format: { type: "text" } },
  ],
  tool_choice: "auto",
  parallel_tool_calls: true,
  reasoning: { summary: "auto" },
  store: false,
  include: ["reasoning.encrypted_content"],
  prompt_cache_key: "k",
  prompt_cache_retention: "24h",
  metadata: { run: "1" },
  max_output_tokens: 500,
  truncation: "auto",
  client_metadata: { session_id: "s" },
};

describe("demo server: accepts what the Responses API accepts", () => {
  test("a Codex-CLI-shaped request streams an answer over HTTP and over WebSocket", async () => {
    const overHttp = await post(codexLike);
    expect(overHttp.status).toBe(200);
    expect(overHttp.text).toContain("You said: hello");
    const socket = await RawSocket.open(server);
    try {
      const { stream: _stream, ...frame } = codexLike;
      socket.send({ type: "response.create", ...frame });
      const frames = await socket.until(0, undefined);
      expect(frames.at(-1)?.type).toBe("response.completed");
    } finally {
      socket.close();
    }
  });

  test("an item type the demo model does not know is carried in the context", async () => {
    const reply = await post({
      ...codexLike,
      input: [
        { type: "item_reference", id: "x" },
        { role: "user", content: "plain role message" },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain("You said: plain role message");
  });

  test("without stream: true the answer is one JSON response object", async () => {
    const reply = await post({ model: "m", input: "hi" });
    expect(reply.status).toBe(200);
    const response = JSON.parse(reply.text);
    expect(response).toMatchObject({ object: "response", status: "completed" });
    expect(JSON.stringify(response.output)).toContain("You said: hi");
  });

  test.each([
    [
      { ...codexLike, temprature: 1 },
      "unknown_parameter",
      "temprature",
      "Unknown parameter: 'temprature'.",
    ],
    [
      { input: "hi" },
      "missing_required_parameter",
      "model",
      "Missing required parameter: 'model'.",
    ],
    [{ model: "m", input: 5 }, "invalid_type", "input", undefined],
    [{ model: "m", tools: [{ type: "browser" }] }, "invalid_value", "tools[0].type", undefined],
    [
      { model: "m", tools: [{ type: "function" }] },
      "missing_required_parameter",
      "tools[0].name",
      undefined,
    ],
    // `ultra` is a client preset, never an API value (`max` is one since 7.59)
    [
      { model: "m", reasoning: { effort: "ultra" } },
      "invalid_value",
      "reasoning.effort",
      undefined,
    ],
    [{ model: "m", truncation: "sometimes" }, "invalid_value", "truncation", undefined],
    [{ model: "m", instructions: 3 }, "invalid_type", "instructions", undefined],
  ])("refuses what the API refuses: %j → %s", async (body, code, param, message) => {
    const reply = await post(body);
    expect(reply.status).toBe(400);
    const { error } = JSON.parse(reply.text);
    expect(error).toMatchObject({ type: "invalid_request_error", code, param });
    if (message) expect(error.message).toBe(message);
  });
});

describe("demo server: mini-codex's own strict check is the tests' addition", () => {
  test("a request mini-codex must never send fails loudly only with the check on", async () => {
    // the API takes tool_choice "none"; mini-codex always sends "auto"
    const noTools = { ...demoRequest("hi"), tool_choice: "none" };
    expect((await post(noTools)).status).toBe(200);
    await server.close();
    server = await startCheckedDemoServer();
    const refused = await post(noTools);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).error).toMatchObject({
      code: "client_check_failed",
      message: expect.stringContaining("tool_choice"),
    });
    expect((await post(demoRequest("hi"))).status).toBe(200);
  });
});
