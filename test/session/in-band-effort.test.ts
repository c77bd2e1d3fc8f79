import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import type { ReasoningEffort } from "../../src/protocol/request.js";
import { describeNext } from "../../src/ui/labels/request-labels.js";
import { type Harness, startHarness, wireInput } from "./harness.js";

/**
 * In-band effort changes (issue 22): on a model whose catalog entry takes effort updates
 * (gpt-6-astra) an effort change is a configuration_update item after the user message; the
 * request-level effort and the chain stay. Models without updates keep lanes.
 */
let h: Harness;
afterEach(async () => {
  await h?.close();
});

// a realistic prefix (the demo caches from 1024 tokens on, in 128-token steps)
const INSTRUCTIONS = `${readFileSync("prompts/base.md", "utf8")}\n${"Project notes: keep changes small and tested.\n".repeat(200)}`;
const TOGGLES: ReasoningEffort[] = ["medium", "high", "medium", "high"];

async function toggles(model: string): Promise<void> {
  h = await startHarness({ settings: { model, effort: "medium" }, instructions: INSTRUCTIONS });
  for (const [i, effort] of TOGGLES.entries()) {
    h.session.update({ effort });
    expect((await h.session.send(`message ${i} at ${effort}`)).ok).toBe(true);
  }
}

const body = (request: RecordedRequest | undefined) =>
  (request?.body ?? {}) as {
    reasoning?: { effort?: string };
    tools?: unknown;
    instructions?: unknown;
  };
const updates = (request: RecordedRequest | undefined) =>
  wireInput(request).filter((item) => item.type === "configuration_update");

describe("gpt-6-astra (effort updates): medium → high → medium → high, a message each", () => {
  it("every request after the warm-up is incremental, the request-level effort never changes, one update per switch", async () => {
    await toggles("gpt-6-astra");
    const requests = h.requests();
    const ledger = h.ledger();
    expect(ledger.map((row) => row.mode)).toEqual([
      "ws_full", // warm-up
      "ws_incremental",
      "ws_incremental", // the first switch included
      "ws_incremental",
      "ws_incremental",
    ]);
    for (const request of requests) {
      expect(body(request).reasoning?.effort).toBe("medium");
      // Responses Lite: no top-level tools or instructions
      expect(body(request).tools).toBeUndefined();
      expect(body(request).instructions).toBeUndefined();
    }
    expect(wireInput(requests[0])[0]?.type).toBe("additional_tools");
    expect(updates(requests[1])).toEqual([]);
    for (const [i, effort] of [
      [2, "high"],
      [3, "medium"],
      [4, "high"],
    ] as const) {
      expect(updates(requests[i])).toEqual([
        { type: "configuration_update", reasoning: { effort } },
      ]);
      // right after the user message
      expect(wireInput(requests[i]).map((item) => item.type)).toEqual([
        "message",
        "configuration_update",
      ]);
      const usage = ledger[i]?.usage;
      expect(usage?.cached_tokens ?? 0).toBeGreaterThanOrEqual(0.9 * (usage?.input_tokens ?? 1));
      expect(ledger[i]?.effort).toBe(effort);
      expect(ledger[i]?.effort_update).toBe(effort);
    }
    // what /status and the status bar say
    expect(h.session.status()).toMatchObject({ modelSource: "bundled", effortChanges: "in-band" });
    h.session.update({ effort: "medium" });
    const next = h.session.status().next;
    expect(next).toMatchObject({ mode: "incremental", effortUpdate: "medium" });
    expect(describeNext(next)).toBe("next: incremental + effort update");
    // one lane: the change never left the chain
    expect(h.session.status().lanes).toEqual([{ label: "medium", requests: 5 }]);
  });

  it("a server that refuses the update: one full resend without it, no failed turn, later toggles on lanes", async () => {
    h = await startHarness({
      settings: { model: "gpt-6-astra", effort: "medium" },
      instructions: INSTRUCTIONS,
    });
    h.server.hooks.rejectEffortUpdates();
    for (const [i, effort] of TOGGLES.entries()) {
      h.session.update({ effort });
      expect((await h.session.send(`message ${i} at ${effort}`)).ok).toBe(true);
    }
    const ledger = h.ledger();
    expect(ledger.map((row) => `${row.mode} ${row.outcome}`)).toEqual([
      "ws_full completed", // warm-up
      "ws_incremental completed",
      "ws_incremental error", // the refused update
      "ws_full completed", // the one resend, in full, without it
      "ws_full completed", // medium again: its own lane, whose baseline predates the strip
      "ws_incremental completed", // high: back on the high lane
    ]);
    const requests = h.requests();
    expect(updates(requests[2])).toHaveLength(1);
    for (const request of requests.slice(3)) expect(updates(request)).toEqual([]);
    expect(requests.slice(3).map((r) => body(r).reasoning?.effort)).toEqual([
      "high",
      "medium",
      "high",
    ]);
    const warnings = h.events.flatMap((e) => (e.type === "warning" ? [e.message] : []));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("configuration_update");
  });
});

describe("gpt-5.6-terra (no effort updates): the same toggles", () => {
  it("use lanes as today: no configuration_update, the request-level effort changes", async () => {
    await toggles("gpt-5.6-terra");
    const requests = h.requests();
    for (const request of requests) expect(updates(request)).toEqual([]);
    expect(requests.map((r) => body(r).reasoning?.effort)).toEqual([
      "medium",
      "medium",
      "high",
      "medium",
      "high",
    ]);
    expect(h.ledger().map((row) => `${row.lane} ${row.mode}`)).toEqual([
      "medium ws_full",
      "medium ws_incremental",
      "high ws_full", // lane_new
      "medium ws_incremental",
      "high ws_incremental",
    ]);
  });
});
