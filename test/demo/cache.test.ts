import { describe, expect, test } from "vitest";
import { cacheableTokens, PromptCacheSimulator } from "../../src/demo/cache.js";

describe("prompt cache simulation", () => {
  test("caches nothing below 1024 tokens, then whole 128-token steps", () => {
    expect(cacheableTokens(1023)).toBe(0);
    expect(cacheableTokens(1024)).toBe(1024);
    expect(cacheableTokens(1151)).toBe(1024);
    expect(cacheableTokens(1152)).toBe(1152);
  });

  test("reports the longest previously seen prefix under the same key only", () => {
    const cache = new PromptCacheSimulator();
    const prefix = "x".repeat(4 * 1200);
    expect(cache.lookupAndStore("a", `${prefix}first`)).toBe(0);
    expect(cache.lookupAndStore("a", `${prefix}second`)).toBe(1152);
    expect(cache.lookupAndStore("b", `${prefix}second`)).toBe(0);
  });
});
