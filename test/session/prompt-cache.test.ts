import { describe, expect, it } from "vitest";
import { developerMessage, type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { ConversationHistory, FrozenToolOutputs } from "../../src/session/context/history.js";
import { cacheAgreement, serverCacheAnswer } from "../../src/session/ledger/server-cache.js";
import { wireRequest } from "../../src/session/wire/plan.js";
import { breakpointTargets, withCacheControls } from "../../src/session/wire/prompt-cache.js";
import { RequestBuilder, type RequestFrame } from "../../src/session/wire/request.js";
import { cacheDropOf, cacheDropTexts } from "../../src/ui/labels/cache-drop.js";

const base: RequestFrame = {
  sessionId: "sess-42",
  instructions: "You are helpful.",
  tools: [],
  settings: { model: "gpt-5.6-terra", effort: "low" },
  wire: { shape: "lite", verbosity: "low" },
};
const tools: ResponseItem = { type: "additional_tools", tools: [] };
const history = (): ResponseItem[] => [
  tools,
  developerMessage("base instructions"),
  userMessage("<environment_context>…</environment_context>"),
  userMessage("first"),
  { type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] },
  userMessage("second"),
];

function build(frame: RequestFrame) {
  return new RequestBuilder(new ConversationHistory(history()), new FrozenToolOutputs()).build(
    frame,
  );
}

describe("cache options off (the catalog says the model lacks them)", () => {
  it("the body has no prompt_cache_options and the wire request is the very object sent before", () => {
    const { body } = build(base);
    expect(body.prompt_cache_options).toBeUndefined();
    const plan = { kind: "full" as const, reason: "no_baseline" };
    const wire = wireRequest(body, plan, true);
    expect(withCacheControls(body, wire, { plan, warmup: true, comparisonResponseId: "r" })).toBe(
      wire,
    );
    expect(JSON.stringify(wire)).not.toContain("prompt_cache_options");
    expect(JSON.stringify(wire)).not.toContain("prompt_cache_breakpoint");
    expect(wire.generate).toBe(false);
  });
});

describe("cache options on", () => {
  const frame = { ...base, wire: { ...base.wire, promptCache: { ttl: "12h", mode: "implicit" } } };

  it("the compared body carries only mode and ttl; the wire copy adds the comparison and the marks", () => {
    const { body } = build(frame as RequestFrame);
    expect(body.prompt_cache_options).toEqual({ mode: "implicit", ttl: "12h" });
    const plan = { kind: "full" as const, reason: "lane_new" };
    const wire = withCacheControls(body, wireRequest(body, plan, false), {
      plan,
      warmup: false,
      comparisonResponseId: "resp_1",
    });
    expect(wire.prompt_cache_options).toEqual({
      comparison_response_id: "resp_1",
      mode: "implicit",
      ttl: "12h",
    });
    // base instructions and the newest user message; history itself is untouched
    expect(breakpointTargets(body.input)).toEqual([1, 5]);
    const marks = wire.input.map((item) =>
      JSON.stringify(item).includes('"prompt_cache_breakpoint":{"mode":"explicit"}'),
    );
    expect(marks).toEqual([false, true, false, false, false, true]);
    expect(JSON.stringify(body.input)).not.toContain("prompt_cache_breakpoint");
  });

  it("an incremental request marks only what its delta holds", () => {
    const { body } = build(frame as RequestFrame);
    const plan = {
      kind: "incremental" as const,
      previousResponseId: "resp_9",
      delta: body.input.slice(5),
      baselineLength: 5,
    };
    const wire = withCacheControls(body, wireRequest(body, plan, false), {
      plan,
      warmup: false,
      comparisonResponseId: "resp_9",
    });
    expect(wire.input).toHaveLength(1);
    expect(JSON.stringify(wire.input[0])).toContain("prompt_cache_breakpoint");
  });

  it("at most four boundaries, the message before the latest compaction among them", () => {
    const input = [
      ...history(),
      { type: "compaction", encrypted_content: "x" },
      userMessage("after"),
    ];
    expect(breakpointTargets(input)).toEqual([1, 5, 7]);
  });
});

describe("the server's answer beside the client's diagnosis", () => {
  const miss = serverCacheAnswer({
    prompt_cache_diagnostics: {
      type: "cache_miss",
      reason: "reasoning_effort_changed",
      cache_missed_tokens: 182_000,
    },
  });

  it("reads the 7.59 union; not found and unavailable are no verdict", () => {
    expect(miss).toEqual({
      verdict: "cache_miss",
      reason: "reasoning_effort_changed",
      missedTokens: 182_000,
    });
    const unavailable = serverCacheAnswer({ prompt_cache_diagnostics: { type: "unavailable" } });
    expect(cacheAgreement("prefix_changed@3", unavailable)).toBeNull();
    expect(serverCacheAnswer({ prompt_cache_diagnostics: { type: "bogus" } })).toBeUndefined();
  });

  it("agreement: a field change names its reason, an item change an input reason, a hit nothing lost", () => {
    expect(cacheAgreement("prefix_changed:reasoning", miss)).toBe(true);
    expect(cacheAgreement("prefix_changed@4", miss)).toBe(false);
    expect(cacheAgreement(null, { verdict: "cache_hit", reason: null, missedTokens: null })).toBe(
      true,
    );
    expect(cacheAgreement("first_request", miss)).toBeNull();
  });

  it("the status bar: the server's words, and the client's when they disagree", () => {
    const usage = {
      input_tokens: 190_000,
      cached_tokens: 0,
      output_tokens: 1,
      reasoning_tokens: 0,
    };
    const server = { ...(miss as NonNullable<typeof miss>), comparedWith: "resp_1", agrees: true };
    const agreeing = cacheDropOf({
      prefixDigest: "d",
      sharedPrefix: { seq: 3, items: 9 },
      diagnosis: "prefix_changed:reasoning",
      server,
    });
    expect(cacheDropTexts({ usage, cacheDrop: agreeing })[0]).toBe(
      "cached 0 — server: reasoning_effort_changed, 182k tokens",
    );
    const disagreeing = cacheDropOf({
      prefixDigest: "d",
      sharedPrefix: null,
      diagnosis: null,
      server: { ...server, agrees: false },
    });
    expect(cacheDropTexts({ usage, cacheDrop: disagreeing })[0]).toBe(
      "cached 0 — server: reasoning_effort_changed, 182k tokens (client: no drop — they disagree)",
    );
    const unavailable = cacheDropOf({
      prefixDigest: "d",
      sharedPrefix: { seq: 3, items: 9 },
      diagnosis: "cache_cold:45",
      server: {
        verdict: "unavailable",
        reason: null,
        missedTokens: null,
        comparedWith: "r",
        agrees: null,
      },
    });
    expect(cacheDropTexts({ usage, cacheDrop: unavailable })[0]).toBe(
      "cached 0 — same prefix as #3, 45 min ago; server: unavailable",
    );
  });
});
