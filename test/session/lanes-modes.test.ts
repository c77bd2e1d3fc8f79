import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness.js";
import { laneModes, streamIdOf, toggleSession } from "./lane-helpers.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** Lane and mode of each request (re-sent counts mean little across a reset or a drop). */
const plainModes = (h: Harness) => laneModes(h).map((m) => m.replace(/ resent=\d+$/, ""));

const connectionsByLane = (h: Harness) => {
  const lanes = h.ledger().map((row) => row.lane);
  const map = new Map<string, Set<string>>();
  h.requests().forEach((request, i) => {
    const lane = lanes[i] as string;
    map.set(lane, (map.get(lane) ?? new Set()).add(request.connectionId));
  });
  return map;
};

describe("ws_lanes modes other than auto", () => {
  it('"connections": one socket per lane, no stream_id; toggles chain on each', async () => {
    h = await startHarness({
      settings: { model: "demo-1", effort: "medium" },
      providerOverrides: { wsLanes: "connections" },
    });
    expect(await toggleSession(h)).toEqual([true, true, true, true, true]);
    expect(laneModes(h).filter((m) => m.includes("ws_full"))).toEqual([
      "medium ws_full:no_baseline resent=0",
      "high ws_full:lane_new resent=0",
    ]);
    expect(h.requests().every((r) => streamIdOf(r.body) === undefined)).toBe(true);
    const byLane = connectionsByLane(h);
    expect(byLane.get("medium")?.size).toBe(1);
    expect(byLane.get("high")?.size).toBe(1);
    expect([...(byLane.get("medium") ?? [])][0]).not.toBe([...(byLane.get("high") ?? [])][0]);
  });

  it("ws_max_lanes: the least recently used lane is dropped; coming back to it is lane_new", async () => {
    h = await startHarness({
      settings: { model: "demo-1", effort: "low" },
      providerOverrides: { wsLanes: "connections", wsMaxLanes: 2 },
    });
    await toggleSession(h, ["low", "medium", "high", "low"]);
    expect(plainModes(h).filter((m) => m.includes("ws_full"))).toEqual([
      "low ws_full:no_baseline",
      "medium ws_full:lane_new",
      "high ws_full:lane_new", // low (least recently used) is dropped
      "low ws_full:lane_new",
    ]);
    expect(connectionsByLane(h).get("low")?.size).toBe(2);
    expect(h.session.status().lanes.map((lane) => lane.label)).toEqual(["high", "low"]);
  });

  it('"stream_id" without a fallback: a refusal fails that turn naming ws_lanes; the other lane goes on', async () => {
    h = await startHarness({
      settings: { model: "demo-1", effort: "medium" },
      providerOverrides: { wsLanes: "stream_id" },
    });
    h.server.hooks.rejectStreamIds();
    const results = await toggleSession(h, ["medium", "high", "medium"]);
    expect(results).toEqual([true, false, true]);
    const failed = h.events.find((e) => e.type === "turn_failed");
    expect(failed).toMatchObject({
      message:
        'the provider refused WebSocket stream_id lanes (unknown_parameter); set ws_lanes = "connections" or "auto"',
    });
    expect(laneModes(h).at(-2)).toBe("medium ws_incremental resent=0");
  });

  it("/compact resets every lane", async () => {
    h = await startHarness({ settings: { model: "demo-1", effort: "medium" } });
    await toggleSession(h, ["medium", "high"]);
    expect((await h.session.compact()).ok).toBe(true);
    await toggleSession(h, ["medium", "high", "medium"]);
    const after = plainModes(h).slice(-6);
    expect(after.filter((m) => m.includes("ws_full"))).toEqual([
      "medium ws_full:epoch_reset:compact",
      "high ws_full:epoch_reset:compact",
    ]);
    expect(after.at(-1)).toBe("medium ws_incremental");
  });
});

describe('"stream_id" on a server that ignores it', () => {
  it("every response replaces the other lanes' on the one socket: they go full (lane_consumed), never a stale chain", async () => {
    h = await startHarness({
      settings: { model: "demo-1", effort: "medium" },
      providerOverrides: { wsLanes: "stream_id" },
    });
    h.server.hooks.ignoreStreamIds();
    expect(await toggleSession(h, ["medium", "high", "medium", "high"])).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(plainModes(h).filter((m) => m.includes("ws_full"))).toEqual([
      "medium ws_full:no_baseline",
      "high ws_full:lane_new",
      "medium ws_full:lane_consumed",
      "high ws_full:lane_consumed",
    ]);
    expect(new Set(h.requests().map((r) => r.connectionId)).size).toBe(1);
    expect(h.events.filter((e) => e.type === "warning")).toHaveLength(1);
  });
});
