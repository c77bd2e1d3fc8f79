import { describe, expect, test } from "vitest";
import {
  cacheableTokens,
  PromptCacheSimulator,
  promptTokenStream,
} from "../../src/demo/request/cache.js";
import type { ResponseItem } from "../../src/protocol/items.js";

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

  test("a full resend of equal items (fresh objects, any key order) reads as the same prompt", () => {
    const cache = new PromptCacheSimulator();
    const item = (i: number, text: string): ResponseItem => ({
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: `${text} ${i} ${"x".repeat(200)}` }],
    });
    const reordered = (i: number, text: string): ResponseItem =>
      ({
        content: [{ text: `${text} ${i} ${"x".repeat(200)}`, type: "input_text" }],
        role: "user",
        type: "message",
      }) as ResponseItem;
    const prompt = (context: ResponseItem[], previous?: ReturnType<typeof promptTokenStream>) =>
      promptTokenStream({ instructions: "be brief", tools: [], context }, previous);
    const first = prompt(Array.from({ length: 100 }, (_, i) => item(i, "same")));
    expect(cache.lookupAndStore("k", first)).toBe(0);
    const again = prompt(
      Array.from({ length: 100 }, (_, i) => (i === 99 ? item(i, "changed") : reordered(i, "same"))),
      cache.latest("k"),
    );
    expect(again.parts.slice(0, 101)).toEqual(first.parts.slice(0, 101));
    expect(again.parts[101]).not.toBe(first.parts[101]);
    const shared = first.bytes - (first.sizes[101] as number) + '{"content":[{"text":"'.length;
    expect(cache.lookupAndStore("k", again)).toBe(cacheableTokens(Math.floor(shared / 4)));
  });
});
