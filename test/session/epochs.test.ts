import { afterEach, describe, expect, it } from "vitest";
import { type Harness, modes, startHarness } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("chain epochs", () => {
  it("ws_epoch_max_requests starts a new epoch after that many requests", async () => {
    h = await startHarness({ providerOverrides: { wsEpochMaxRequests: 3 } });
    for (const text of ["one", "two", "three", "four"]) await h.session.send(text);
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_incremental",
      "ws_full:epoch_reset:max_requests",
      "ws_incremental",
    ]);
  });

  it("a socket nearing its 60-minute limit is replaced before the next request", async () => {
    let clock = Date.now();
    h = await startHarness({}, { now: () => clock });
    await h.session.send("one");
    clock += 56 * 60 * 1000;
    await h.session.send("two");
    await h.session.send("three");
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_full:epoch_reset:socket_age",
      "ws_incremental",
    ]);
    const connections = h.requests().map((r) => r.connectionId);
    expect(connections[2]).not.toBe(connections[1]);
    expect(connections[3]).toBe(connections[2]);
  });

  it("/new goes back to the initial context and resets the epoch", async () => {
    h = await startHarness();
    await h.session.send("one");
    h.session.newConversation();
    expect(h.session.history().map((item) => item.role)).toEqual(["developer", "user"]);
    await h.session.send("fresh start");
    expect(modes(h).at(-1)).toBe("ws_full:epoch_reset:new");
  });

  it("drops beyond stream_max_retries move the session to HTTP for good", async () => {
    h = await startHarness({ providerOverrides: { streamMaxRetries: 1 } });
    await h.session.prepare();
    h.session.subscribe((event) => {
      if (event.type === "request_started" && event.request.transport === "ws") {
        h.server.hooks.dropAfterEvents(2);
      }
    });
    const result = await h.session.send("one");
    expect(result).toMatchObject({ ok: true, lastMessage: "You said: one" });
    await h.session.send("two");
    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_full:reconnected",
      "http_full:transport_http",
      "http_full:transport_http",
    ]);
    expect(h.events.filter((e) => e.type === "warning" && e.message.includes("HTTP"))).toHaveLength(
      1,
    );
  });
});
