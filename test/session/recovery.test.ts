import { afterEach, describe, expect, it } from "vitest";
import { API_KEY_REJECTED as AUTH_MESSAGE } from "../../src/auth/credentials-for.js";
import { type Harness, modes, startHarness, waitFor, wireInput } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const warnings = (h: Harness) => h.events.filter((e) => e.type === "warning");

describe("failure recovery (issue 3, done-when 4)", () => {
  it("previous_response_not_found: one reconnect, one full resend, then chains on the new socket", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.forgetResponses();
    const result = await h.session.send("two");
    expect(result).toMatchObject({ ok: true, lastMessage: "You said: two" });
    await h.session.send("three");

    const [warmup, , rejected, resend, next, ...rest] = h.requests();
    expect(rest).toHaveLength(0);
    expect(rejected?.previousResponseId).toBeDefined();
    expect(rejected?.responseId).toBeUndefined();
    expect(resend?.previousResponseId).toBeUndefined();
    expect(resend?.connectionId).not.toBe(warmup?.connectionId);
    expect(wireInput(resend).length).toBe(wireInput(rejected).length + 4);
    expect(next?.previousResponseId).toBe(resend?.responseId);
    expect(next?.connectionId).toBe(resend?.connectionId);
    expect(new Set(h.requests().map((r) => r.connectionId)).size).toBe(2);
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental",
      "ws_full:previous_not_found",
      "ws_incremental",
    ]);
  });

  it("a drop before response.completed commits nothing and resends in full", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.dropAfterEvents(3);
    const result = await h.session.send("demo:long 200");
    expect(result.ok).toBe(true);
    await h.session.send("three");

    const requests = h.requests();
    const dropped = requests[2];
    const resend = requests[3];
    expect(dropped?.previousResponseId).toBeDefined();
    expect(resend?.previousResponseId).toBeUndefined();
    expect(resend?.connectionId).not.toBe(dropped?.connectionId);
    // the next turn chains on the resend's response, never the dropped one
    expect(requests[4]?.previousResponseId).toBe(resend?.responseId);
    expect(requests[4]?.previousResponseId).not.toBe(dropped?.responseId);
    const answers = h.session.history().filter((item) => item.role === "assistant");
    expect(answers).toHaveLength(3);
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental",
      "ws_full:reconnected",
      "ws_incremental",
    ]);
    const outcomes = h.events.flatMap((e) =>
      e.type === "request_finished" ? [e.request.outcome] : [],
    );
    expect(outcomes[2]).toBe("dropped");
  });

  it("a refused upgrade runs the whole session over HTTP with one warning", async () => {
    h = await startHarness();
    h.server.hooks.refuseUpgrade(426);
    await h.session.send("one");
    await h.session.send("run: echo over-http");
    await h.session.send("three");
    expect(h.requests().every((r) => r.transport === "http")).toBe(true);
    expect(h.requests().every((r) => r.previousResponseId === undefined)).toBe(true);
    expect(modes(h).every((m) => m === "http_full:transport_http")).toBe(true);
    expect(modes(h)).toHaveLength(4);
    expect(warnings(h)).toHaveLength(1);
    expect(h.session.status().transport).toBe("http");
    expect(h.session.history().filter((item) => item.role === "assistant")).toHaveLength(3);
  });

  it("a rate limit waits and resends the same delta on the same socket", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.failNext({
      status: 429,
      code: "rate_limit_exceeded",
      message: "Please try again in 20ms",
    });
    const result = await h.session.send("two");
    expect(result.ok).toBe(true);
    const [, , limited, retried] = h.requests();
    expect(retried?.previousResponseId).toBe(limited?.previousResponseId);
    expect(retried?.connectionId).toBe(limited?.connectionId);
    expect(wireInput(retried)).toEqual(wireInput(limited));
  });

  it("a rate limit on a new socket resends in full there, never chaining on the old socket's response", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.closeSockets(); // the server closed the idle socket between turns
    await waitFor(() => h.session.status().next.reason === "reconnected");
    h.server.hooks.failNext({
      status: 429,
      code: "rate_limit_exceeded",
      message: "Please try again in 20ms",
    });
    const result = await h.session.send("two");
    expect(result).toMatchObject({ ok: true, lastMessage: "You said: two" });
    const [warmup, , limited, retried, ...rest] = h.requests();
    expect(rest).toHaveLength(0);
    expect(limited?.connectionId).not.toBe(warmup?.connectionId);
    expect(retried?.connectionId).toBe(limited?.connectionId);
    expect(retried?.previousResponseId).toBeUndefined();
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_full:reconnected",
      "ws_full:reconnected",
    ]);
  });

  it("a 401 fails at once with a message naming the key variable", async () => {
    h = await startHarness();
    await h.session.prepare();
    h.server.hooks.failNext({ status: 401, code: "invalid_api_key", message: "bad key" });
    const result = await h.session.send("one");
    expect(result).toMatchObject({ ok: false, aborted: false, error: AUTH_MESSAGE });
    expect(h.requests()).toHaveLength(2);
  });

  it("a failed response fails the turn cleanly; the next turn starts a fresh chain", async () => {
    h = await startHarness();
    await h.session.send("one");
    const length = h.session.history().length;
    const result = await h.session.send("demo:fail");
    expect(result.ok).toBe(false);
    expect(result.error).toContain("demo failure requested");
    expect(h.session.history()).toHaveLength(length + 1); // the user message, no half items
    await h.session.send("again");
    expect(modes(h).at(-1)).toBe("ws_full:no_baseline");
    expect(h.events.some((e) => e.type === "turn_failed" && !e.aborted)).toBe(true);
  });
});

describe("HTTP retries", () => {
  it("5xx before the stream is retried with backoff, one ledger line per attempt", async () => {
    h = await startHarness({
      providerOverrides: { supportsWebsockets: false, requestMaxRetries: 4 },
    });
    h.server.hooks.failHttpTimes(2, 503);
    const result = await h.session.send("hello over http");
    expect(result).toMatchObject({ ok: true, lastMessage: "You said: hello over http" });
    expect(h.requests()).toHaveLength(3);
    expect(h.ledger().map((row) => row.outcome)).toEqual(["error", "error", "completed"]);
    expect(h.ledger().every((row) => row.mode === "http_full")).toBe(true);
    expect(warnings(h)).toHaveLength(2);
  });
});

describe("more WebSocket failures", () => {
  it("websocket_connection_limit_reached: a new connection and a full resend", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.failNext({ status: 400, code: "websocket_connection_limit_reached" });
    const result = await h.session.send("two");
    expect(result.ok).toBe(true);
    const [, turn1, limited, resend] = h.requests();
    expect(limited?.connectionId).toBe(turn1?.connectionId);
    expect(resend?.connectionId).not.toBe(limited?.connectionId);
    expect(resend?.previousResponseId).toBeUndefined();
    expect(wireInput(resend)).toHaveLength(wireInput(limited).length + 4);
    expect(limited?.headers.sessionId).toBe(h.session.id);
    expect(resend?.headers.sessionId).toBe(h.session.id);
    expect(modes(h).slice(-1)).toEqual(["ws_full:reconnected"]);
    await h.session.send("three");
    expect(h.requests().at(-1)?.previousResponseId).toBe(resend?.responseId);
    expect(h.requests().at(-1)?.connectionId).toBe(resend?.connectionId);
  });

  it("a server at its connection limit (error frame, then close): one full resend on a new socket", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.server.hooks.connectionLimitNext();
    expect(await h.session.send("two")).toMatchObject({ ok: true, lastMessage: "You said: two" });
    await h.session.send("three");
    const [, turn1, limited, resend, next, ...rest] = h.requests();
    expect(rest).toHaveLength(0);
    expect(limited?.connectionId).toBe(turn1?.connectionId);
    expect(limited?.responseId).toBeUndefined();
    expect(resend?.connectionId).not.toBe(limited?.connectionId);
    expect(resend?.previousResponseId).toBeUndefined();
    expect(wireInput(resend)).toHaveLength(wireInput(limited).length + 4);
    expect(next?.previousResponseId).toBe(resend?.responseId);
    expect(modes(h).slice(2)).toEqual(["ws_incremental", "ws_full:reconnected", "ws_incremental"]);
    expect(h.ledger().map((row) => row.outcome)).toEqual([
      "completed",
      "completed",
      "error",
      "completed",
      "completed",
    ]);
  });

  it("a stream that goes silent is abandoned after the idle timeout and resent in full", async () => {
    h = await startHarness({ providerOverrides: { streamIdleTimeoutMs: 300 } });
    await h.session.send("one");
    h.server.hooks.stallAfterEvents(2);
    const result = await h.session.send("two");
    expect(result).toMatchObject({ ok: true, lastMessage: "You said: two" });
    expect(modes(h).slice(-2)).toEqual(["ws_incremental", "ws_full:reconnected"]);
    expect(h.ledger().at(-2)?.outcome).toBe("dropped");
  });
});
