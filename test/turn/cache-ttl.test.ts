import { describe, expect, it } from "vitest";
import { autoCompactTrigger } from "../../src/turn/compaction/remote-compaction.js";
import { ModelWire } from "../../src/turn/model-wire.js";

const MINUTE = 60_000;

/**
 * Early compaction waits for a cold prefix: how long the prefix stays warm is the session's
 * `prompt_cache_ttl` where the model takes cache options (12h by default), else the
 * provider's 30 minutes.
 */
describe("the compactor's cache TTL", () => {
  it("follows prompt_cache_ttl on a model with cache options, 30 minutes elsewhere", () => {
    const wire = new ModelWire({ model: "gpt-5.6-terra" });
    expect(wire.cacheTtlMs({ model: "gpt-5.6-terra" })).toBe(12 * 60 * MINUTE);
    expect(wire.cacheTtlMs({ model: "gpt-5.6-terra", promptCacheTtl: "30m" })).toBe(30 * MINUTE);
    expect(wire.cacheTtlMs({ model: "gpt-4.1", promptCacheTtl: "12h" })).toBe(30 * MINUTE);
    wire.refuseCacheOptions("gpt-5.6-terra");
    expect(wire.cacheTtlMs({ model: "gpt-5.6-terra" })).toBe(30 * MINUTE);
  });

  it("after 45 idle minutes at 60% of the limit: no early compaction with 12h, one with 30m", () => {
    const wire = new ModelWire({ model: "gpt-5.6-terra" });
    const at = (promptCacheTtl: "12h" | "30m") => ({
      lastInputTokens: 600,
      limit: 1000,
      idleMs: 45 * MINUTE,
      cacheTtlMs: wire.cacheTtlMs({ model: "gpt-5.6-terra", promptCacheTtl }),
    });
    expect(autoCompactTrigger(at("12h"))).toBeUndefined();
    expect(autoCompactTrigger(at("30m"))).toBeDefined();
  });
});
