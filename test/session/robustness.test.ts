import { afterEach, describe, expect, it } from "vitest";
import { RESPONSES_WEBSOCKETS_BETA } from "../../src/transport/websocket-open.js";
import { type Harness, ledgerText, modes, startHarness, wireInput } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const failures = (h: Harness) =>
  h.events.flatMap((e) => (e.type === "turn_failed" ? [e.message] : []));
const toolRuns = (h: Harness) => h.events.filter((e) => e.type === "tool_call_started").length;

describe("the wire as a session sees it (docs/protocol.md)", () => {
  it("the upgrade carries the beta header and the session id twice; the identity is honest", async () => {
    h = await startHarness();
    await h.session.send("one");
    for (const request of h.requests()) {
      expect(request.headers).toMatchObject({
        openaiBeta: RESPONSES_WEBSOCKETS_BETA,
        sessionId: h.session.id,
        clientRequestId: h.session.id,
        originator: "mini_codex",
      });
      expect(request.headers.userAgent).toMatch(/^mini-codex\/0\.0\.0-test /);
    }
  });
});

describe("a server that misbehaves mid-stream", () => {
  it("an unknown event type is ignored: the turn succeeds and the chain goes on", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.injectFrame({ frame: { type: "response.brand_new_thing", x: 1 }, after: 3 });
    expect(await h.session.send("two")).toMatchObject({ ok: true, lastMessage: "You said: two" });
    await h.session.send("three");
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental",
      "ws_incremental",
    ]);
  });

  it("a malformed event fails the turn with a message naming the event, never its content", async () => {
    h = await startHarness();
    await h.session.send("one");
    const before = h.session.history().length;
    h.server.hooks.injectFrame({
      frame: { type: "response.output_item.done", item: { type: 7, text: "zebra-secret" } },
    });
    const result = await h.session.send("two");
    expect(result.ok).toBe(false);
    expect(result.error).toContain("response.output_item.done");
    expect(result.error).not.toContain("zebra-secret");
    expect(h.session.history()).toHaveLength(before + 1); // the user message, no half items
    expect(h.ledger().at(-1)?.outcome).toBe("error");
    // the socket the bad stream was on is gone: the next turn starts over on a new one
    expect(await h.session.send("three")).toMatchObject({ ok: true });
    const [bad, next] = h.requests().slice(-2);
    expect(next?.connectionId).not.toBe(bad?.connectionId);
    expect(modes(h).at(-1)).toBe("ws_full:reconnected");
    expect(ledgerText(h)).not.toContain("zebra-secret");
  });

  it("a frame that is not JSON is a protocol error that says how long it was, not what it said", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.injectFrame({ frame: "{not json: zebra-secret", after: 2 });
    const result = await h.session.send("two");
    expect(result.error).toMatch(/invalid JSON \(\d+ bytes\)/);
    expect(result.error).not.toContain("zebra");
    expect(await h.session.send("three")).toMatchObject({ ok: true });
  });

  it("response.incomplete mid-stream: the turn fails, no half items, the next turn is full", async () => {
    h = await startHarness();
    await h.session.send("one");
    const before = h.session.history().length;
    h.server.hooks.injectFrame({
      frame: {
        type: "response.incomplete",
        response: { id: "resp_cut", incomplete_details: { reason: "max_output_tokens" } },
      },
      end: true,
    });
    const result = await h.session.send("run: echo never-runs");
    expect(result.ok).toBe(false);
    expect(result.error).toContain("max_output_tokens");
    expect(toolRuns(h)).toBe(0);
    expect(h.session.history()).toHaveLength(before + 1);
    expect(h.ledger().at(-1)?.outcome).toBe("incomplete");
    await h.session.send("again");
    expect(modes(h).at(-1)).toMatch(/^ws_full:/);
    expect(h.requests().at(-1)?.previousResponseId).toBeUndefined();
  });

  it("an error frame without a status but with a retryable code is retried on a new socket", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.failNext({ code: "server_error", message: "try later" });
    expect(await h.session.send("two")).toMatchObject({ ok: true, lastMessage: "You said: two" });
    const [failed, resend] = h.requests().slice(-2);
    expect(failed?.previousResponseId).toBeDefined();
    expect(resend?.connectionId).not.toBe(failed?.connectionId);
    expect(resend?.previousResponseId).toBeUndefined();
  });

  it("an error frame without a status or a known code fails the turn with the server's words", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.failNext({ code: "mystery", message: "something odd" });
    const result = await h.session.send("two");
    expect(result).toMatchObject({ ok: false, aborted: false });
    expect(result.error).toContain("mystery");
    expect(failures(h)).toHaveLength(1);
    expect(await h.session.send("three")).toMatchObject({ ok: true });
  });

  it("a close in the middle of a tool-call item runs the tool once, after a full resend", async () => {
    h = await startHarness();
    await h.session.send("one");
    // created, in_progress, output_item.added (function_call), one arguments delta: then close
    h.server.hooks.dropAfterEvents(4);
    const result = await h.session.send("run: echo once");
    expect(result).toMatchObject({ ok: true, lastMessage: "Ran the command. Exit code 0." });
    expect(toolRuns(h)).toBe(1);
    const history = h.session.history();
    expect(history.filter((item) => item.type === "function_call")).toHaveLength(1);
    expect(history.filter((item) => item.type === "function_call_output")).toHaveLength(1);
    const [dropped, resend] = h.requests().slice(2, 4);
    expect(resend?.connectionId).not.toBe(dropped?.connectionId);
    expect(wireInput(resend)).toHaveLength(wireInput(dropped).length + 4);
    expect(modes(h).slice(2)).toEqual(["ws_incremental", "ws_full:reconnected", "ws_incremental"]);
  });

  it("a rate limit waits the delay the server suggested before resending", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.failNext({
      status: 429,
      code: "rate_limit_exceeded",
      message: "Rate limit reached. Please try again in 400ms.",
    });
    expect(await h.session.send("two")).toMatchObject({ ok: true });
    const [limited, retried] = h.requests().slice(-2);
    expect(retried!.receivedAt - limited!.receivedAt).toBeGreaterThanOrEqual(390);
  });

  it("over HTTP too: an unknown event is ignored, a malformed one fails only its turn", async () => {
    h = await startHarness({ providerOverrides: { supportsWebsockets: false } });
    h.server.hooks.injectFrame({ frame: { type: "response.brand_new_thing" }, after: 2 });
    expect(await h.session.send("one")).toMatchObject({ ok: true, lastMessage: "You said: one" });
    h.server.hooks.injectFrame({ frame: { type: "response.completed", response: { id: 5 } } });
    const result = await h.session.send("two");
    expect(result).toMatchObject({ ok: false, aborted: false });
    expect(result.error).toContain("malformed response.completed");
    expect(await h.session.send("three")).toMatchObject({
      ok: true,
      lastMessage: "You said: three",
    });
    expect(h.requests().every((r) => r.transport === "http")).toBe(true);
    expect(h.session.history().filter((item) => item.role === "assistant")).toHaveLength(2);
  });
});
