import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness.js";
import { laneModes, streamIdOf, toggleSession } from "./lane-helpers.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const warnings = (h: Harness) => h.events.flatMap((e) => (e.type === "warning" ? [e.message] : []));

describe("effort lanes on stream_id (the default config)", () => {
  it("medium/high/medium/high/medium: after each lane's first request, every request is incremental and re-sends 0 items", async () => {
    h = await startHarness({ settings: { model: "demo-1", effort: "medium" } });
    expect(await toggleSession(h)).toEqual([true, true, true, true, true]);
    expect(laneModes(h)).toEqual([
      "medium ws_full:no_baseline resent=0", // warm-up
      "medium ws_incremental resent=0",
      "medium ws_incremental resent=0",
      "high ws_full:lane_new resent=0",
      "high ws_incremental resent=0",
      "medium ws_incremental resent=0", // back to medium: only the items since medium's last turn
      "medium ws_incremental resent=0",
      "high ws_incremental resent=0",
      "high ws_incremental resent=0",
      "medium ws_incremental resent=0",
      "medium ws_incremental resent=0",
    ]);
    const requests = h.requests();
    expect(new Set(requests.map((r) => r.connectionId)).size).toBe(1);
    const lanes = h.ledger().map((row) => row.lane);
    requests.forEach((request, i) => {
      expect(streamIdOf(request.body)).toBe(lanes[i] === "high" ? "high" : undefined);
    });
    // each back-toggle continues its own lane's latest response
    const medium = requests.filter((_, i) => lanes[i] === "medium");
    for (let i = 1; i < medium.length; i++) {
      expect(medium[i]?.previousResponseId).toBe(medium[i - 1]?.responseId);
    }
    expect(warnings(h)).toEqual([]);
    expect(h.session.status().lanes).toEqual([
      { label: "medium", requests: 7 },
      { label: "high", requests: 4 },
    ]);
  });
});

describe('ws_lanes = "off": the Codex CLI behaviour', () => {
  it("every effort toggle sends the whole conversation again on the one chain", async () => {
    h = await startHarness({
      settings: { model: "demo-1", effort: "medium" },
      providerOverrides: { wsLanes: "off" },
    });
    expect(await toggleSession(h)).toEqual([true, true, true, true, true]);
    const modes = laneModes(h);
    expect(modes.filter((m) => m.includes("properties_changed:reasoning"))).toHaveLength(4);
    for (const mode of modes.filter((m) => m.includes("ws_full:properties_changed"))) {
      expect(mode).toMatch(/^default ws_full:properties_changed:reasoning resent=[1-9]\d*$/);
    }
    expect(h.requests().some((r) => streamIdOf(r.body) !== undefined)).toBe(false);
    expect(new Set(h.requests().map((r) => r.connectionId)).size).toBe(1);
  });
});

describe("a provider without stream_id lanes (default config)", () => {
  it("one that silently ignores stream_id: one socket per lane, no turn fails, back-toggles chain", async () => {
    h = await startHarness({ settings: { model: "demo-1", effort: "medium" } });
    h.server.hooks.ignoreStreamIds();
    expect(await toggleSession(h)).toEqual([true, true, true, true, true]);
    expect(laneModes(h)).toEqual([
      "medium ws_full:no_baseline resent=0", // warm-up
      "medium ws_incremental resent=0",
      "medium ws_incremental resent=0",
      // sent with stream_id "high"; its events echo none: the server ran it on its default lane
      "high ws_full:lane_new resent=0",
      "high ws_incremental resent=0",
      // medium's response on that socket was replaced: it starts over on a socket of its own
      "medium ws_full:lane_fallback resent=6",
      "medium ws_incremental resent=0",
      "high ws_incremental resent=0",
      "high ws_incremental resent=0",
      "medium ws_incremental resent=0",
      "medium ws_incremental resent=0",
    ]);
    const requests = h.requests();
    expect(requests.map((r) => streamIdOf(r.body))[3]).toBe("high");
    expect(requests.slice(4).every((r) => streamIdOf(r.body) === undefined)).toBe(true);
    const high = requests.filter((_, i) => [3, 4, 7, 8].includes(i));
    const medium = requests.filter((_, i) => [5, 6, 9, 10].includes(i));
    expect(new Set(high.map((r) => r.connectionId)).size).toBe(1);
    expect(new Set(medium.map((r) => r.connectionId)).size).toBe(1);
    expect(high[0]?.connectionId).not.toBe(medium[0]?.connectionId);
    expect(warnings(h)).toEqual([
      "WebSocket stream_id lanes ignored by the provider; using one connection per lane for the rest of this session",
    ]);
    expect(h.session.status().laneTransport).toBe("connections");
  });

  it("one that rejects stream_id: the refused request goes again on its own socket, no turn fails", async () => {
    h = await startHarness({ settings: { model: "demo-1", effort: "medium" } });
    h.server.hooks.rejectStreamIds();
    expect(await toggleSession(h)).toEqual([true, true, true, true, true]);
    expect(laneModes(h)).toEqual([
      "medium ws_full:no_baseline resent=0",
      "medium ws_incremental resent=0",
      "medium ws_incremental resent=0",
      "high ws_full:lane_new resent=0", // refused: unknown_parameter stream_id
      "high ws_full:lane_fallback resent=0",
      "high ws_incremental resent=0",
      // medium's head is untouched on the first socket
      "medium ws_incremental resent=0",
      "medium ws_incremental resent=0",
      "high ws_incremental resent=0",
      "high ws_incremental resent=0",
      "medium ws_incremental resent=0",
      "medium ws_incremental resent=0",
    ]);
    const requests = h.requests();
    expect(requests.filter((r) => streamIdOf(r.body) !== undefined)).toHaveLength(1);
    expect(requests[4]?.connectionId).not.toBe(requests[0]?.connectionId);
    expect(requests[6]?.connectionId).toBe(requests[0]?.connectionId);
    expect(warnings(h)).toEqual([
      "WebSocket stream_id lanes refused (unknown_parameter) by the provider; using one connection per lane for the rest of this session",
    ]);
  });
});
