import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/session/events.js";
import { type Harness, modes, startHarness, waitFor, wireInput } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("changing settings between turns (issue 3, done-when 2)", () => {
  it('with ws_lanes = "off" (the Codex CLI) an effort change sends one full request on the same socket with a byte-identical prefix', async () => {
    h = await startHarness({
      settings: { model: "demo-1", effort: "low" },
      providerOverrides: { wsLanes: "off" },
    });
    await h.session.send("first question");
    const before = JSON.stringify(h.session.history());
    const sentBefore = h.session.history().length;

    h.session.update({ effort: "high" });
    const changed = h.events.find(
      (e): e is Extract<SessionEvent, { type: "settings_changed" }> =>
        e.type === "settings_changed",
    );
    expect(changed?.effort).toBe("high");
    expect(changed?.next).toMatchObject({
      mode: "full",
      reason: "properties_changed:reasoning",
      lane: "default",
      lanes: 1,
    });
    // the preview carries its price: a full request after an effort change reuses nothing
    expect(changed?.next.forecast?.cachedTokens).toBe(0);
    expect(h.session.status().next.reason).toBe("properties_changed:reasoning");

    await h.session.send("second question");
    await h.session.send("third question");

    expect(modes(h)).toEqual([
      "ws_full:no_baseline",
      "ws_incremental",
      "ws_full:properties_changed:reasoning",
      "ws_incremental",
    ]);
    const [, turn1, full, turn3] = h.requests();
    expect(full?.previousResponseId).toBeUndefined();
    expect(full?.connectionId).toBe(turn1?.connectionId);
    expect(turn3?.connectionId).toBe(turn1?.connectionId);
    expect((full?.body as { reasoning?: unknown } | undefined)?.reasoning).toEqual({
      effort: "high",
    });
    const keys = h
      .requests()
      .map((r) => (r.body as { prompt_cache_key?: string }).prompt_cache_key);
    expect(new Set(keys)).toEqual(new Set([h.session.id]));
    // the full request replays exactly what was sent and received before, then appends
    expect(JSON.stringify(wireInput(full).slice(0, sentBefore))).toBe(before);
    const appended = wireInput(full).slice(sentBefore);
    expect(appended.map((item) => item.role)).toEqual(["developer", "user"]);
    expect(turn3?.previousResponseId).toBe(full?.responseId);
  });

  it("an effort change while a response streams previews the new lane's full request", async () => {
    h = await startHarness({ settings: { model: "demo-1", effort: "low" } });
    await h.session.send("first question");
    const before = h.events.length;
    const turn = h.session.send("demo:slow 6");
    await waitFor(() => h.events.slice(before).some((e) => e.type === "text_delta"));
    h.session.update({ effort: "high" });
    const changed = h.events.findLast(
      (e): e is Extract<SessionEvent, { type: "settings_changed" }> =>
        e.type === "settings_changed",
    );
    expect(changed?.next).toMatchObject({
      mode: "full",
      reason: "lane_new",
      lane: "high",
      lanes: 2,
    });
    await turn;
    await h.session.send("third question");
    expect(modes(h).at(-1)).toBe("ws_full:lane_new");
  });

  it("the preview says incremental when nothing compared changed", async () => {
    h = await startHarness();
    await h.session.send("hello");
    h.session.update({ model: "demo-1" });
    const changed = h.events.filter((e) => e.type === "settings_changed").at(-1);
    expect(changed).toMatchObject({ next: { mode: "incremental" } });
    h.session.update({ model: "demo-2" });
    expect(h.events.filter((e) => e.type === "settings_changed").at(-1)).toMatchObject({
      model: "demo-2",
      next: { mode: "full", reason: "lane_new", lane: "demo-2·default", lanes: 2 },
    });
  });

  it("the key and the input prefix survive effort and model changes, reconnects and HTTP fallback", async () => {
    h = await startHarness({ settings: { model: "demo-1", effort: "low" } });
    await h.session.send("run: echo one");
    h.session.update({ effort: "high" });
    await h.session.send("two");
    h.session.update({ model: "demo-2" });
    await h.session.send("three");
    h.server.hooks.forgetResponses();
    await h.session.send("four"); // previous_response_not_found: a new socket
    h.server.hooks.refuseUpgrade();
    h.server.hooks.forgetResponses();
    await h.session.send("five"); // the reconnect is refused: HTTP from here on
    await h.session.send("six");

    const requests = h.requests();
    expect(requests.at(-1)?.transport).toBe("http");
    expect(new Set(requests.map((r) => r.connectionId)).size).toBeGreaterThanOrEqual(3);
    const keys = requests.map((r) => (r.body as { prompt_cache_key?: string }).prompt_cache_key);
    expect(new Set(keys)).toEqual(new Set([h.session.id]));
    // every full request replays the one before it byte for byte, then appends
    const fulls = requests.filter((r) => r.previousResponseId === undefined && r.responseId);
    expect(fulls.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < fulls.length; i++) {
      const before = wireInput(fulls[i - 1]);
      expect(JSON.stringify(wireInput(fulls[i]).slice(0, before.length))).toBe(
        JSON.stringify(before),
      );
    }
    const notes = h.session
      .history()
      .filter(
        (item) => item.role === "developer" && JSON.stringify(item).includes("settings_changed"),
      );
    expect(notes).toHaveLength(2);
  });
});
