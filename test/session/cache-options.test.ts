import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import type { ResponseItem } from "../../src/protocol/items.js";
import { type Harness, startHarness, wireInput } from "./harness.js";

/**
 * Cache options and the server's own diagnosis (issue 23, items 1 and 2) on the demo server:
 * a model whose catalog entry takes `prompt_cache_options` (gpt-5.6-terra: lite, no in-band
 * effort, so an effort change is a lane) sends ttl, mode, breakpoints and a comparison on
 * every request and records the server's answer beside the client's diagnosis.
 */
let h: Harness;
afterEach(async () => {
  await h?.close();
});

const INSTRUCTIONS = `${readFileSync("prompts/base.md", "utf8")}\n${"Project notes: keep changes small and tested.\n".repeat(200)}`;
const HOUR_MS = 60 * 60_000;

type Body = {
  prompt_cache_options?: Record<string, unknown>;
  generate?: boolean;
  previous_response_id?: string;
};
const body = (request: RecordedRequest | undefined) => (request?.body ?? {}) as Body;

/** `input[i]` indices whose last part carries a breakpoint. */
function marked(request: RecordedRequest | undefined): number[] {
  return wireInput(request).flatMap((item: ResponseItem, i) =>
    Array.isArray(item.content) &&
    (item.content as Array<Record<string, unknown>>).some((p) => p.prompt_cache_breakpoint)
      ? [i]
      : [],
  );
}

async function start(model: string, ttl?: "30m" | "12h"): Promise<void> {
  h = await startHarness({
    settings: { model, effort: "medium", ...(ttl ? { promptCacheTtl: ttl } : {}) },
    instructions: INSTRUCTIONS,
  });
}

async function send(text: string): Promise<void> {
  expect((await h.session.send(text)).ok).toBe(true);
}

describe("a model that takes cache options (gpt-5.6-terra)", () => {
  it("sends ttl 12h and implicit mode, prewarms instead of generate:false, marks the stable boundaries, compares with the lane head", async () => {
    await start("gpt-5.6-terra");
    await send("first question");
    await send("second question");
    const [warmup, first, second] = h.requests();
    expect(body(warmup).prompt_cache_options).toEqual({
      mode: "implicit",
      prewarm: true,
      ttl: "12h",
    });
    expect(body(warmup).generate).toBeUndefined();
    // the warm-up: additional_tools, then the base instructions (the first message) marked,
    // and the newest user message (the <environment_context>)
    const warmupInput = wireInput(warmup);
    expect(warmupInput[0]?.type).toBe("additional_tools");
    const newestUser = warmupInput.findLastIndex((item) => item.role === "user");
    expect(marked(warmup)).toEqual([1, newestUser]);
    // the first turn chains on the warm-up and compares with it
    expect(body(first).previous_response_id).toBe(warmup?.responseId);
    expect(body(first).prompt_cache_options).toEqual({
      comparison_response_id: warmup?.responseId,
      mode: "implicit",
      ttl: "12h",
    });
    // only the newest user message of the delta is marked
    const userAt = wireInput(second).findIndex((item) => item.role === "user");
    expect(marked(second)).toEqual([userAt]);
    const rows = h.ledger();
    expect(rows.map((row) => row.mode)).toEqual(["ws_full", "ws_incremental", "ws_incremental"]);
    // the warm-up had nothing to compare with; each turn: the server's hit, agreeing
    expect(rows[0]?.server_cache).toBeNull();
    for (const row of rows.slice(1)) {
      expect(row.server_cache).toMatchObject({ verdict: "cache_hit", agrees: true });
    }
    expect(rows[2]?.server_cache?.compared_with).toBe(h.requests()[1]?.responseId);
  });

  it("an effort change: the server says reasoning_effort_changed with the tokens it missed, the client agrees, the status bar says it", async () => {
    await start("gpt-5.6-terra");
    await send("first question");
    h.session.update({ effort: "high" });
    await send("second question");
    const last = h.ledger().at(-1);
    expect(last?.mode).toBe("ws_full");
    expect(last?.cache_diagnosis).toBe("prefix_changed:reasoning");
    expect(last?.server_cache).toMatchObject({
      verdict: "cache_miss",
      reason: "reasoning_effort_changed",
      agrees: true,
    });
    expect(last?.server_cache?.missed_tokens).toBe(last?.usage?.input_tokens);
    const finished = h.events.filter((e) => e.type === "request_finished").at(-1);
    expect(finished?.type === "request_finished" && finished.request.cache?.server?.reason).toBe(
      "reasoning_effort_changed",
    );
  });

  it("after an idle longer than 30 minutes, ttl 12h keeps the prefix cached and 30m loses it", async () => {
    const shares: Record<string, number> = {};
    for (const ttl of ["12h", "30m"] as const) {
      await start("gpt-5.6-terra", ttl);
      await send("first question");
      h.server.hooks.advanceClock(HOUR_MS);
      await send("after an hour away");
      const usage = h.ledger().at(-1)?.usage;
      shares[ttl] = (usage?.cached_tokens ?? 0) / (usage?.input_tokens ?? 1);
      if (ttl === "30m") {
        // the prefix expired; the server names no reason for that: unavailable, not a miss
        expect(h.ledger().at(-1)?.server_cache).toMatchObject({
          verdict: "unavailable",
          agrees: null,
        });
        expect(h.ledger().at(-1)?.cache_diagnosis).toMatch(/^cache_cold:/);
      }
      await h.close();
    }
    expect(shares["12h"]).toBeGreaterThan(0.8);
    expect(shares["30m"]).toBe(0);
  });

  it("a TTL change is a new lane: a full request with a reason, not a silent prefix break", async () => {
    await start("gpt-5.6-terra");
    await send("first question");
    h.session.update({ promptCacheTtl: "30m" });
    await send("second question");
    const last = h.ledger().at(-1);
    expect(last?.mode).toBe("ws_full");
    expect(last?.reason).toBe("lane_new");
    expect(body(h.requests().at(-1)).prompt_cache_options?.ttl).toBe("30m");
  });

  it("a provider that refuses cache options: one warning, the request resent without them, no failed turn", async () => {
    await start("gpt-5.6-terra");
    h.server.hooks.rejectCacheOptions();
    await send("first question");
    await send("second question");
    const warnings = h.events.filter((e) => e.type === "warning");
    expect(warnings).toHaveLength(1);
    const accepted = h.requests().filter((r) => r.responseId !== undefined);
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    for (const request of accepted) {
      expect(body(request).prompt_cache_options).toBeUndefined();
      expect(marked(request)).toEqual([]);
    }
    expect(h.ledger().at(-1)?.mode).toBe("ws_incremental");
  });

  it("a comparison the server does not hold is shown as not found, never as a miss", async () => {
    await start("gpt-5.6-terra");
    await send("first question");
    h.server.hooks.forgetResponses();
    await send("second question");
    const last = h.ledger().at(-1);
    expect(last?.server_cache).toMatchObject({
      verdict: "comparison_response_not_found",
      agrees: null,
    });
  });
});

describe("a model without the catalog flag", () => {
  it("sends neither options nor breakpoints and records no server diagnosis", async () => {
    await start("gpt-5.5");
    await send("first question");
    for (const request of h.requests()) {
      expect(body(request).prompt_cache_options).toBeUndefined();
      expect(marked(request)).toEqual([]);
    }
    expect(body(h.requests()[0]).generate).toBe(false);
    for (const row of h.ledger()) expect(row.server_cache).toBeNull();
  });
});
