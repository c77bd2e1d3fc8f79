import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

// Long enough that every prompt is over the provider's 1 024-token cache minimum.
const LONG_INSTRUCTIONS =
  "You are the test agent. Answer briefly and run what you are asked to.\n".repeat(80);

const within = (predicted: number, reported: number, share: number) =>
  Math.abs(predicted - reported) <= share * reported;

describe("the next request priced before it is sent (issue 27, item 4)", () => {
  it("an effort change with lanes off on a model without in-band updates: a predicted miss within 10% of the recorded cost", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      settings: { model: "gpt-5.5", effort: "low" },
      providerOverrides: { wsLanes: "off" },
    });
    await h.session.send("one");
    const staying = h.session.forecast();
    const switching = h.session.forecast({ settings: { effort: "high" } });
    // asking changed nothing: the session still runs on low
    expect(h.session.status().effort).toBe("low");
    expect(staying.mode).toBe("incremental");
    expect(staying.forecast?.cachedTokens).toBeGreaterThan(1000);
    expect(switching).toMatchObject({ mode: "full", reason: "properties_changed:reasoning" });
    expect(switching.forecast).toMatchObject({ cachedTokens: 0, lost: "changed" });
    const predicted = switching.forecast?.usd ?? 0;
    expect(predicted).toBeGreaterThan((staying.forecast?.usd ?? 0) * 2);

    h.session.update({ effort: "high" });
    await h.session.send("two");
    const switched = h.ledger().at(-1);
    expect(switched?.mode).toBe("ws_full");
    expect(switched?.usage?.cached_tokens).toBe(0);
    const recorded = switched?.cost_usd ?? 0;
    expect(within(predicted, recorded, 0.1), `${predicted} vs ${recorded}`).toBe(true);
  });

  it("every ledger row carries its prediction; cached tokens are predicted within 5% over a session", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      settings: { model: "gpt-5.5", effort: "low" },
      providerOverrides: { wsLanes: "off" },
    });
    await h.session.send("one");
    await h.session.send("run: echo hi");
    h.session.update({ effort: "high" });
    await h.session.send("three");
    const rows = h.ledger();
    for (const row of rows) expect(row.predicted).not.toBeNull();
    const sum = (pick: (r: (typeof rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    const predictedCached = sum((r) => r.predicted?.cached_tokens ?? 0);
    const reportedCached = sum((r) => r.usage?.cached_tokens ?? 0);
    expect(reportedCached).toBeGreaterThan(3000);
    expect(
      within(predictedCached, reportedCached, 0.05),
      `${predictedCached} vs ${reportedCached}`,
    ).toBe(true);
    const predictedInput = sum((r) => r.predicted?.input_tokens ?? 0);
    const reportedInput = sum((r) => r.usage?.input_tokens ?? 0);
    expect(
      within(predictedInput, reportedInput, 0.05),
      `${predictedInput} vs ${reportedInput}`,
    ).toBe(true);
  });

  it("a model without a price: tokens, no cost", async () => {
    h = await startHarness({ instructions: LONG_INSTRUCTIONS });
    await h.session.send("one");
    const next = h.session.forecast();
    expect(next.forecast?.inputTokens).toBeGreaterThan(1000);
    expect(next.forecast?.usd).toBeUndefined();
    expect(h.ledger().at(-1)?.predicted?.cost_usd).toBeNull();
  });

  it("/compact priced before it runs: the compaction request within 10% of its recorded input", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      settings: { model: "gpt-5.5", effort: "low" },
      providerOverrides: { wsLanes: "off" },
    });
    await h.session.send("one");
    await h.session.send("two");
    const compaction = h.session.forecast({ compaction: true });
    await h.session.compact();
    const row = h.ledger().findLast((r) => r.compaction !== null);
    const reported = row?.usage?.input_tokens ?? 0;
    expect(within(compaction.forecast?.inputTokens ?? 0, reported, 0.1)).toBe(true);
    expect(
      within(compaction.forecast?.cachedTokens ?? 0, row?.usage?.cached_tokens ?? 0, 0.1),
    ).toBe(true);
  });

  it("a miss the server reported is priced by the server's cache_missed_tokens", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      // a model that takes cache options: the server answers with prompt_cache_diagnostics
      settings: { model: "gpt-5.6-terra", effort: "low" },
      providerOverrides: { wsLanes: "off" },
    });
    await h.session.send("one");
    h.session.update({ effort: "high" });
    await h.session.send("two");
    const switched = h.ledger().find((r) => r.turn === 2);
    expect(switched?.server_cache?.verdict).toBe("cache_miss");
    const missed = switched?.server_cache?.missed_tokens ?? 0;
    // the server counts every token after the divergence, the new message's too
    expect(missed).toBeGreaterThan(switched?.cache_missed_tokens ?? 0);
    // gpt-5.6-terra: $2 uncached, $0.20 cached per million input tokens
    expect(switched?.miss_cost_usd).toBeCloseTo((missed * 1.8) / 1e6, 8);
  });
});
