import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { messageText, type ResponseItem } from "../../src/protocol/items.js";
import { type Frame, RawSocket } from "./raw-socket.js";

/** The demo server's `response.steer` (7.59 shapes), spoken to over a bare WebSocket. */
describe("demo steering", () => {
  let server: DemoServer;
  let socket: RawSocket;
  beforeEach(async () => {
    server = await startDemoServer();
    socket = await RawSocket.open(server);
  });
  afterEach(async () => {
    socket.close();
    await server.close();
  });

  const steer = (id: string, input: unknown = "Answer this instead.") =>
    socket.send({ type: "response.steer", previous_response_id: id, input });
  const createdId = (frame: Frame) => (frame.response as { id: string }).id;
  const slowOn = async (model: string, prompt = "demo:slow 40") => {
    const from = socket.received;
    const { demoRequest } = await import("./fixtures.js");
    const { toResponseCreateFrame } = await import("../../src/protocol/request.js");
    socket.send(toResponseCreateFrame(demoRequest(prompt, { model })));
    const created = await socket.waitFor(from, (f) => f.type === "response.created");
    await socket.waitFor(from, (f) => f.type === "response.output_text.delta");
    return { from, id: createdId(created) };
  };

  test("accepted: the response ends steered at once and a successor answers the input", async () => {
    const { from, id } = await slowOn("gpt-6-astra");
    steer(id);
    const accepted = await socket.waitFor(from, (f) => f.type === "response.steer.accepted");
    expect(accepted.steer).toMatchObject({ previous_response_id: id });
    const done = await socket.waitFor(from, (f) => f.type === "response.completed");
    const frames = socket.since(from);
    const incomplete = frames.find((f) => f.type === "response.incomplete");
    expect(incomplete?.response).toMatchObject({ incomplete_details: { reason: "steered" } });
    // it reports what it used: the whole prompt, and output for what it sent before the cut
    const cutUsage =
      (incomplete?.response as { usage: Record<string, number> } | undefined)?.usage ?? {};
    const doneUsage = (done.response as { usage: Record<string, number> }).usage;
    expect(cutUsage.output_tokens).toBeGreaterThan(0);
    expect(cutUsage.total_tokens).toBe(
      (cutUsage.input_tokens ?? 0) + (cutUsage.output_tokens ?? 0),
    );
    expect(server.requests[0]?.usage).toEqual(cutUsage);
    expect(server.successors[0]?.usage).toEqual(doneUsage);
    // the slow message closed with what was sent (far fewer than its 40 parts)
    const partial = frames.find(
      (f) =>
        f.type === "response.output_item.done" && (f.item as ResponseItem).status === "incomplete",
    );
    expect(messageText(partial?.item as ResponseItem)?.match(/Slow part/g)?.length).toBeLessThan(
      40,
    );
    const successor = frames.filter((f) => f.type === "response.created").at(-1);
    expect(createdId(successor as Frame)).toBe(createdId(done));
    const answer = frames.filter((f) => f.type === "response.output_item.done").at(-1);
    expect(messageText(answer?.item as ResponseItem)).toBe("You said: Answer this instead.");
    expect(server.successors).toHaveLength(1);
    expect(server.successors[0]?.previousResponseId).toBe(id);
    expect(server.requests).toHaveLength(1);
  });

  test("failed: a model without steering, a refusing provider, bad input, an unknown response", async () => {
    const terra = await slowOn("gpt-5.6-terra", "demo:slow 6");
    steer(terra.id);
    const notSupported = await socket.waitFor(
      terra.from,
      (f) => f.type === "response.steer.failed",
    );
    expect(notSupported.error).toMatchObject({ code: "steering_not_supported" });
    expect(notSupported.steer).toEqual({
      input: "Answer this instead.",
      previous_response_id: terra.id,
    });
    await socket.waitFor(terra.from, (f) => f.type === "response.completed");

    server.hooks.rejectSteering();
    const astra = await slowOn("gpt-6-astra", "demo:slow 6");
    steer(astra.id);
    const refused = await socket.waitFor(astra.from, (f) => f.type === "response.steer.failed");
    expect(refused.error).toMatchObject({ code: "steering_not_supported" });
    server.hooks.reset();
    await socket.waitFor(astra.from, (f) => f.type === "response.completed");

    const from = socket.received;
    steer(astra.id, [{ type: "function_call_output", call_id: "c", output: "x" }]);
    steer("resp_unknown");
    steer(astra.id);
    await socket.waitFor(
      from,
      (f) => (f.error as { code?: string })?.code === "response_already_completed",
    );
    const codes = socket.since(from).map((f) => (f.error as { code: string }).code);
    expect(codes).toEqual(["invalid_input", "response_not_found", "response_already_completed"]);
  });

  test("pending: a response that calls a tool completes, and the continuation carries the input", async () => {
    const { demoRequest } = await import("./fixtures.js");
    const { toResponseCreateFrame } = await import("../../src/protocol/request.js");
    const from = socket.received;
    socket.send(
      toResponseCreateFrame(demoRequest("demo:slow 4 run: echo hi", { model: "gpt-6-astra" })),
    );
    const created = await socket.waitFor(from, (f) => f.type === "response.created");
    steer(createdId(created));
    const pending = await socket.waitFor(from, (f) => f.type === "response.steer.pending");
    const call = socket
      .since(from)
      .find((f) => f.type === "response.output_item.done" && (f.item as ResponseItem).call_id)
      ?.item as ResponseItem;
    expect(pending.reason).toBe("waiting_for_required_input");
    expect(pending.required_input).toEqual([
      { type: "function_call_output", call_id: call.call_id, name: call.name },
    ]);
    const types = socket.since(from).map((f) => f.type);
    expect(types.indexOf("response.completed")).toBeLessThan(
      types.indexOf("response.steer.pending"),
    );
    const next = socket.received;
    socket.send(
      toResponseCreateFrame(
        demoRequest(
          [{ type: "function_call_output", call_id: String(call.call_id), output: "hi" }],
          { model: "gpt-6-astra", previous_response_id: createdId(created) },
        ),
      ),
    );
    await socket.waitFor(next, (f) => f.type === "response.completed");
    expect(server.successors).toHaveLength(0);
    const answer = socket
      .since(next)
      .filter((f) => f.type === "response.output_item.done")
      .at(-1);
    expect(messageText(answer?.item as ResponseItem)).toContain("Answer this instead.");
  });
});

describe("demo steering past a tool call (hooks.steerPastToolCalls)", () => {
  let server: DemoServer;
  let socket: RawSocket;
  afterEach(async () => {
    socket.close();
    await server.close();
  });

  test("the cut response keeps its call, the successor follows without its output, a request without it is refused", async () => {
    server = await startDemoServer();
    socket = await RawSocket.open(server);
    server.hooks.steerPastToolCalls();
    const { demoRequest } = await import("./fixtures.js");
    const { toResponseCreateFrame } = await import("../../src/protocol/request.js");
    const model = "gpt-6-astra";
    const from = socket.received;
    socket.send(toResponseCreateFrame(demoRequest("demo:slow 40 after run: echo hi", { model })));
    const created = await socket.waitFor(from, (f) => f.type === "response.created");
    await socket.waitFor(from, (f) => f.type === "response.output_text.delta");
    const id = (created.response as { id: string }).id;
    socket.send({ type: "response.steer", previous_response_id: id, input: "Stop." });
    const done = await socket.waitFor(from, (f) => f.type === "response.completed");
    const frames = socket.since(from);
    const types = frames.map((f) => f.type);
    expect(types).toContain("response.incomplete");
    expect(types).not.toContain("response.steer.pending");
    const call = frames.find(
      (f) => f.type === "response.output_item.done" && (f.item as ResponseItem).call_id,
    );
    expect(types.indexOf("response.output_item.done")).toBe(frames.indexOf(call as Frame));
    expect(server.successors).toHaveLength(1);
    // the API wants every call answered: a request on the successor without the output fails
    const next = socket.received;
    const successorId = (done.response as { id: string }).id;
    socket.send(
      toResponseCreateFrame(demoRequest("go on", { model, previous_response_id: successorId })),
    );
    const refused = await socket.waitFor(next, (f) => f.type === "error");
    expect((refused.error as { message: string }).message).toMatch(
      /^No tool output found for function call call_/,
    );
  });
});
