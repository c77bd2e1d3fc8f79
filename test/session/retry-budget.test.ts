import { afterEach, describe, expect, it } from "vitest";
import { type Harness, modes, startHarness } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const failures = (h: Harness) =>
  h.events.flatMap((e) => (e.type === "turn_failed" ? [e.message] : []));

describe("one retry budget per request (issue 10 item 4, issue 12 item 7)", () => {
  it("an all-stalling server: the chain stops at the 10-minute limit and says so", async () => {
    let clock = Date.parse("2026-01-01T00:00:00Z");
    h = await startHarness(
      { providerOverrides: { streamIdleTimeoutMs: 300, streamMaxRetries: 50 } },
      { now: () => clock },
    );
    await h.session.prepare();
    let stalling = true;
    h.session.subscribe((event) => {
      if (event.type === "request_started" && stalling) {
        clock += 3 * 60 * 1000; // each attempt waits out a (simulated) 3-minute stall
        h.server.hooks.stallAfterEvents(1);
      }
    });
    const result = await h.session.send("one");
    expect(result.ok).toBe(false);
    expect(result.error).toBe(
      "gave up after 4 attempts (the 10-minute retry limit): stream idle timeout: no event for 300 ms",
    );
    expect(failures(h)).toEqual([result.error]);
    // four attempts on the wire, each abandoned at the idle timeout (none completed)
    const attempts = h.ledger().slice(1);
    expect(attempts).toHaveLength(4);
    expect(attempts.every((row) => row.outcome !== "completed")).toBe(true);
    // the session stays usable and consistent
    stalling = false;
    h.server.hooks.reset();
    expect(await freshTurn(h)).toBe(true);
  });

  it("counts retries per transport: after the WebSocket gives up, HTTP gets request_max_retries", async () => {
    h = await startHarness({ providerOverrides: { streamMaxRetries: 1, requestMaxRetries: 3 } });
    await h.session.prepare();
    h.session.subscribe((event) => {
      if (event.type === "request_started" && event.request.transport === "ws") {
        h.server.hooks.dropAfterEvents(1);
        h.server.hooks.failHttpTimes(3, 503);
      }
    });
    const result = await h.session.send("one");
    expect(result).toMatchObject({ ok: true, lastMessage: "You said: one" });
    expect(modes(h).slice(1)).toEqual([
      "ws_incremental",
      "ws_full:reconnected",
      "http_full:transport_http",
      "http_full:transport_http",
      "http_full:transport_http",
      "http_full:transport_http",
    ]);
    expect(h.ledger().map((row) => row.outcome)).toEqual([
      "completed",
      "dropped",
      "dropped",
      "error",
      "error",
      "error",
      "completed",
    ]);
  });

  it("when a count runs out first, the message names it", async () => {
    h = await startHarness({
      providerOverrides: { supportsWebsockets: false, requestMaxRetries: 2 },
    });
    h.server.hooks.failHttpTimes(10, 503);
    const result = await h.session.send("one");
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(
      /^gave up after 3 attempts \(request_max_retries = 2\): HTTP 503 server_error/,
    );
    expect(h.requests()).toHaveLength(3);
  });
});

async function freshTurn(h: Harness): Promise<boolean> {
  return (await h.session.send("two")).ok;
}
