import { describe, expect, it } from "vitest";
import {
  cacheableTokens,
  expectedOutput,
  forecastRequest,
  tokensOf,
} from "../../src/session/ledger/request-forecast.js";

// gpt-5.5's rates: $5 input, $0.50 cached, $30 output per million tokens
const PRICES = { input: 5, cachedInput: 0.5, output: 30 };
const MINUTE = 60_000;
const base = { promptBytes: 40_000, cacheTtlMs: 30 * MINUTE, outputTokens: 0, prices: PRICES };
const warm = { sameFields: true, whole: true, inputTokens: 9_000, sharedBytes: 0, idleMs: MINUTE };

describe("the next request's forecast (pure)", () => {
  it("tokens from bytes: the session's measured rate, else four bytes a token", () => {
    expect(tokensOf(40_000)).toBe(10_000);
    expect(tokensOf(40_000, { bytes: 30_000, inputTokens: 10_000 })).toBe(13_333);
  });

  it("cached tokens come in 128-token blocks from 1 024 on", () => {
    expect(cacheableTokens(1_023)).toBe(0);
    expect(cacheableTokens(1_024)).toBe(1_024);
    expect(cacheableTokens(1_151)).toBe(1_024);
    expect(cacheableTokens(1_152)).toBe(1_152);
  });

  it("a first request: nothing cached, every input token at the uncached rate", () => {
    const forecast = forecastRequest(base);
    expect(forecast).toMatchObject({ inputTokens: 10_000, cachedTokens: 0, outputTokens: 0 });
    expect(forecast.usd).toBeCloseTo(10_000 * 5e-6, 10);
    expect(forecast.lost).toBeUndefined();
  });

  it("a continuation within the TTL: the earlier prompt cached (in blocks), the rest uncached, the output expected", () => {
    const forecast = forecastRequest({ ...base, reuse: warm, outputTokens: 200 });
    expect(forecast.cachedTokens).toBe(8_960); // 1 024 + 62 blocks of 128
    expect(forecast.usd).toBeCloseTo(8_960 * 0.5e-6 + 1_040 * 5e-6 + 200 * 30e-6, 10);
  });

  it("changed fields (effort, model) or an idle past the TTL cache nothing, and say why", () => {
    expect(forecastRequest({ ...base, reuse: { ...warm, sameFields: false } })).toMatchObject({
      cachedTokens: 0,
      lost: "changed",
    });
    const idle = { ...warm, idleMs: 31 * MINUTE };
    expect(forecastRequest({ ...base, reuse: idle })).toMatchObject({
      cachedTokens: 0,
      lost: "cold",
    });
    // a 12h TTL keeps it
    expect(
      forecastRequest({ ...base, reuse: idle, cacheTtlMs: 12 * 60 * MINUTE }).cachedTokens,
    ).toBe(8_960);
  });

  it("a prefix cut inside the earlier request: only the shared bytes are cached", () => {
    const cut = { ...warm, whole: false, sharedBytes: 8_000 };
    expect(forecastRequest({ ...base, reuse: cut }).cachedTokens).toBe(1_920); // 2 000 tokens, in blocks
  });

  it("no price: tokens and no cost; a service tier multiplies the rates", () => {
    const { prices: _prices, ...unpriced } = base;
    expect(forecastRequest(unpriced).usd).toBeUndefined();
    expect(forecastRequest({ ...base, serviceTier: "priority" }).usd).toBeCloseTo(0.1, 10);
  });

  it("the expected output is the median of the recent responses: one unlike the rest does not move it", () => {
    expect(expectedOutput([])).toBe(0);
    expect(expectedOutput([100, 200, 300])).toBe(200);
    expect(expectedOutput([120, 337, 122, 121])).toBe(121.5);
    expect(expectedOutput([121, 122, 337, 120, 119])).toBe(121);
  });
});
