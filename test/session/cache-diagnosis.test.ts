import { describe, expect, it } from "vitest";
import {
  COLD_CACHED_SHARE,
  describeDiagnosis,
  diagnoseCache,
  MIN_CACHEABLE_TOKENS,
  parseDiagnosis,
} from "../../src/session/ledger/cache-diagnosis.js";

const MINUTE = 60_000;
const best = { seq: 7, items: 10, inputTokens: 4000, at: 0 };
const base = {
  inputTokens: 4500,
  cachedTokens: 3968,
  best,
  sharedItems: 10,
  changedFields: [] as string[],
  now: 2 * MINUTE,
};

describe("diagnoseCache: why fewer tokens came back cached", () => {
  it("null for an incremental continuation that got the earlier prompt back", () => {
    expect(diagnoseCache(base)).toBeNull();
  });

  it("below_minimum for a prompt the provider never caches, first or not", () => {
    expect(diagnoseCache({ ...base, inputTokens: MIN_CACHEABLE_TOKENS - 1, cachedTokens: 0 })).toBe(
      "below_minimum",
    );
    expect(diagnoseCache({ ...base, best: undefined, inputTokens: 200, cachedTokens: 0 })).toBe(
      "below_minimum",
    );
  });

  it("first_request when nothing earlier could be shared", () => {
    expect(diagnoseCache({ ...base, best: undefined, sharedItems: 0, cachedTokens: 0 })).toBe(
      "first_request",
    );
  });

  it("prefix_changed:<fields> names every compared field that differs, before anything else", () => {
    expect(diagnoseCache({ ...base, cachedTokens: 0, changedFields: ["reasoning"] })).toBe(
      "prefix_changed:reasoning",
    );
    expect(
      diagnoseCache({ ...base, sharedItems: 3, changedFields: ["instructions", "tools"] }),
    ).toBe("prefix_changed:instructions,tools");
  });

  it("prefix_changed@<index> when the input leaves the earlier prefix at that item", () => {
    expect(diagnoseCache({ ...base, sharedItems: 4, cachedTokens: 1024 })).toBe("prefix_changed@4");
    expect(diagnoseCache({ ...base, sharedItems: 0, cachedTokens: 0 })).toBe("prefix_changed@0");
  });

  it("cache_cold:<minutes since the same prefix was sent> when the same prefix came back uncached", () => {
    expect(diagnoseCache({ ...base, cachedTokens: 0, now: 12 * MINUTE + 20_000 })).toBe(
      "cache_cold:12",
    );
    // just under half of the expected prefix is a cold cache; half or more is block rounding
    const half = COLD_CACHED_SHARE * best.inputTokens;
    expect(diagnoseCache({ ...base, cachedTokens: half - 1 })).toBe("cache_cold:2");
    expect(diagnoseCache({ ...base, cachedTokens: half })).toBeNull();
  });

  it("expects nothing cached from an earlier prompt that was itself under the minimum", () => {
    expect(
      diagnoseCache({ ...base, best: { ...best, inputTokens: 900 }, cachedTokens: 0 }),
    ).toBeNull();
  });
});

describe("reading a diagnosis back for the views", () => {
  it("round-trips every code and says it in a person's words, without prompt text", () => {
    expect(parseDiagnosis("prefix_changed:reasoning,include")).toEqual({
      kind: "prefix_changed",
      fields: ["reasoning", "include"],
    });
    expect(parseDiagnosis("prefix_changed@12")).toEqual({ kind: "prefix_changed_at", index: 12 });
    expect(parseDiagnosis("cache_cold:12")).toEqual({ kind: "cache_cold", minutes: 12 });
    expect(parseDiagnosis(null)).toBeUndefined();
    expect(parseDiagnosis("something else")).toBeUndefined();
    expect(describeDiagnosis("prefix_changed:reasoning")).toBe("prefix changed: reasoning");
    expect(describeDiagnosis("cache_cold:12", 7)).toBe("same prefix as #7, 12 min ago");
    expect(describeDiagnosis("prefix_changed@3")).toBe("prefix changed at item 3");
    expect(describeDiagnosis("below_minimum")).toBe("prompt under 1024 tokens");
    expect(describeDiagnosis(null)).toBeUndefined();
  });
});
