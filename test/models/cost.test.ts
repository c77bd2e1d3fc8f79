import { describe, expect, it } from "vitest";
import { lookupModel, ModelCatalog } from "../../src/models/catalog.js";
import { cacheSaving, formatUsd, missCost, requestCost } from "../../src/models/cost.js";
import { costOfRequest } from "../../src/session/ledger/request-cost.js";
import type { RequestFinished } from "../../src/session/ledger/request-facts.js";

const astra = lookupModel("gpt-6-astra").prices;

describe("what a request costs", () => {
  it("prices uncached input, cached input and output at their own rates", () => {
    // gpt-6-astra: $10 input, $1 cached, $50 output per million tokens
    const usage = { input_tokens: 100_000, cached_tokens: 90_000, output_tokens: 2_000 };
    expect(requestCost(astra!, usage)).toBeCloseTo(0.1 + 0.09 + 0.1, 10);
    expect(cacheSaving(astra!, usage)).toBeCloseTo(0.81, 10);
  });

  it("prices a request past 272k input tokens whole at the long-context rates, and priority at twice", () => {
    const long = { input_tokens: 300_000, cached_tokens: 0, output_tokens: 1_000 };
    expect(requestCost(astra!, long)).toBeCloseTo(3 * 2 + 0.05 * 1.5, 10);
    const short = { input_tokens: 1_000, cached_tokens: 0, output_tokens: 0 };
    expect(requestCost(astra!, short, "priority")).toBeCloseTo(0.02, 10);
  });

  it("a miss costs the re-read prefix at the uncached rate less the cached one", () => {
    expect(missCost(astra!, 182_000, 200_000)).toBeCloseTo(182_000 * 9e-6, 10);
    expect(missCost(astra!, 0, 200_000)).toBe(0);
  });

  it("a model without a price gets no cost, never a made-up one", () => {
    expect(lookupModel("house-model").prices).toBeUndefined();
    const request = {
      model: "house-model",
      usage: { input_tokens: 10, cached_tokens: 0, output_tokens: 1, reasoning_tokens: 0 },
    } as RequestFinished;
    expect(costOfRequest(request, lookupModel("house-model").prices)).toBeUndefined();
    const priced = new ModelCatalog().withPrices({
      "house-model": { input: 1, cachedInput: 0.1, output: 2 },
    });
    expect(priced.lookup("house-model")).toMatchObject({ known: false, prices: { input: 1 } });
    expect(costOfRequest(request, priced.lookup("house-model").prices)?.usd).toBeCloseTo(12e-6, 12);
  });

  it("a steered request is priced on the cut response's usage even when its successor reported none", () => {
    const cut = { input_tokens: 100_000, cached_tokens: 90_000, output_tokens: 2_000 };
    const request = { model: "gpt-6-astra", steeredUsage: [cut] } as unknown as RequestFinished;
    const cost = costOfRequest(request, astra);
    expect(cost?.usd).toBeCloseTo(requestCost(astra!, cut), 10);
    expect(cost?.missUsd).toBe(0);
  });

  it("reads as dollars and cents, with more digits below a cent", () => {
    expect(formatUsd(4.8)).toBe("$4.80");
    expect(formatUsd(0.0042)).toBe("$0.0042");
    expect(formatUsd(0)).toBe("$0.00");
  });
});
