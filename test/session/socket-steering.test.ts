import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import { messageText, type ResponseItem } from "../../src/protocol/items.js";
import { type Harness, startHarness, waitFor, wireInput } from "./harness.js";

/**
 * Steering on the socket (issue 23 item 4) over a real WebSocket against the demo: Enter during
 * a running response sends `response.steer` where the model takes it; the server's answers
 * (accepted → a successor, pending → the continuation, failed → client-side) keep history
 * and the chain the same as the server's, and nothing is sent twice.
 */
let h: Harness;
afterEach(async () => {
  await h?.close();
});

const STEER = "Stop and say the short version.";

/** Send `prompt` and steer with `text` as soon as its first text arrives. */
async function sendAndSteer(prompt: string, text = STEER) {
  const from = h.events.length;
  const reply = h.session.send(prompt);
  await waitFor(() => h.events.slice(from).some((e) => e.type === "text_delta"));
  expect(h.session.steer(text)).toBeDefined();
  return reply;
}

const texts = (request: RecordedRequest | undefined) =>
  wireInput(request).map((item) => messageText(item) ?? JSON.stringify(item));
/** Every item the client put on the wire, once per request that carried it. */
const everySent = () => h.requests().flatMap((r) => wireInput(r).map((i) => JSON.stringify(i)));
const history = () =>
  (h.session as unknown as { history(): ResponseItem[] }).history().map((i) => messageText(i));

describe("a model that takes steering (gpt-6-astra)", () => {
  it("accepted: the slow response ends early, the successor answers, the next request is incremental", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra" } });
    const result = await sendAndSteer("demo:slow 40");
    expect(result.ok).toBe(true);
    expect(result.lastMessage).toBe(`You said: ${STEER}`);
    expect(h.server.steers).toHaveLength(1);
    expect(h.server.successors).toHaveLength(1);
    const slow = h.requests().at(-1);
    expect((h.server.steers[0] as { previous_response_id: string }).previous_response_id).toBe(
      slow?.responseId,
    );
    // the slow answer was cut short: the steering reached the model before it would have ended
    const cut = h.events.flatMap((e) =>
      e.type === "item_completed" && e.item.status === "incomplete" ? [messageText(e.item)] : [],
    );
    expect(cut).toHaveLength(1);
    expect(cut[0]?.match(/Slow part/g)?.length ?? 0).toBeLessThan(40);

    expect((await h.session.send("and now?")).lastMessage).toBe("You said: and now?");
    const next = h.requests().at(-1);
    expect(h.ledger().at(-1)?.mode).toBe("ws_incremental");
    expect(next?.previousResponseId).toBe(h.server.successors[0]?.responseId);
    expect(texts(next)).toEqual(["and now?"]);
    // the steering text went once, in the steer frame: no request carried it, nothing twice
    expect(everySent().some((item) => item.includes(STEER))).toBe(false);
    expect(new Set(everySent()).size).toBe(everySent().length);
    // history holds what the server holds, in its order
    const all = history();
    const at = all.indexOf(cut[0]);
    expect(all.slice(at - 1, at + 4)).toEqual([
      "demo:slow 40",
      cut[0],
      STEER,
      `You said: ${STEER}`,
      "and now?",
    ]);
  });

  it("pending: the response stops for a tool call, the tool runs once, the continuation carries only its output", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra" } });
    const result = await sendAndSteer("demo:slow 4 run: echo ran >> runs.txt");
    expect(result.ok).toBe(true);
    expect(readFileSync(join(h.cwd, "runs.txt"), "utf8")).toBe("ran\n");
    expect(result.lastMessage).toContain(`You said: ${STEER}`);
    expect(h.server.steers).toHaveLength(1);
    expect(h.server.successors).toHaveLength(0);
    const continuation = h.requests().at(-1);
    expect(wireInput(continuation).map((i) => i.type)).toEqual(["function_call_output"]);
    expect(everySent().some((item) => item.includes(STEER))).toBe(false);
    await h.session.send("after the tool");
    expect(h.ledger().at(-1)?.mode).toBe("ws_incremental");
    expect(texts(h.requests().at(-1))).toEqual(["after the tool"]);
    expect(new Set(everySent()).size).toBe(everySent().length);
  });

  it("a tool call inside the cut response: not run, answered as steered, the next request is accepted", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra" } });
    h.server.hooks.steerPastToolCalls();
    const result = await sendAndSteer("demo:slow 40 after run: echo ran >> runs.txt");
    expect(result.ok).toBe(true);
    expect(result.lastMessage).toBe(`You said: ${STEER}`);
    expect(h.server.successors).toHaveLength(1);
    expect(existsSync(join(h.cwd, "runs.txt"))).toBe(false); // the call never ran
    const items = h.session.history();
    const callAt = items.findIndex((i) => i.type === "function_call");
    const output = items.find((i) => i.type === "function_call_output");
    expect(output?.call_id).toBe(items[callAt]?.call_id);
    expect(String(output?.output)).toMatch(/^aborted: not run, because the response was steered/);
    // the output follows the cut response's items; the steering input comes after it
    expect(items.indexOf(output as ResponseItem)).toBeLessThan(
      items.findIndex((i) => messageText(i) === STEER),
    );
    expect(h.events.some((e) => e.type === "warning" && e.message.includes("was not run"))).toBe(
      true,
    );
    // a server checks every call has its output: the next request is accepted, and carries it
    expect((await h.session.send("and now?")).lastMessage).toBe("You said: and now?");
    expect(h.ledger().at(-1)).toMatchObject({
      mode: "ws_full",
      reason: expect.stringMatching(/^prefix_mismatch/),
    });
    expect(wireInput(h.requests().at(-1)).some((i) => i.type === "function_call_output")).toBe(
      true,
    );
  });

  it("refused (steering_not_supported): client-side steering as today, and no steer frame after it", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra" } });
    h.server.hooks.rejectSteering();
    const result = await sendAndSteer("demo:slow 10");
    expect(result.lastMessage).toBe(`You said: ${STEER}`);
    expect(h.server.steers).toHaveLength(1);
    // the returned input rode in the next request of the same turn, chained
    const last = h.requests().at(-1);
    expect(texts(last)).toEqual([STEER]);
    expect(h.ledger().at(-1)?.mode).toBe("ws_incremental");
    await sendAndSteer("demo:slow 10", "again");
    expect(h.server.steers).toHaveLength(1); // the session stopped steering on the socket
    expect(texts(h.requests().at(-1))).toEqual(["again"]);
  });
});

describe("a model without the catalog flag (gpt-5.6-terra)", () => {
  it("sends no steer frame; the steering rides in the next request as today", async () => {
    h = await startHarness({ settings: { model: "gpt-5.6-terra" } });
    const result = await sendAndSteer("demo:slow 10");
    expect(result.lastMessage).toBe(`You said: ${STEER}`);
    expect(h.server.steers).toHaveLength(0);
    const [slow, steered] = h.requests().slice(-2);
    expect(steered?.previousResponseId).toBe(slow?.responseId);
    expect(texts(steered)).toEqual([STEER]);
  });
});
