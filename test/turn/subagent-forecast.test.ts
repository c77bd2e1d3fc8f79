import { afterEach, describe, expect, it } from "vitest";
import type { AgentView } from "../../src/session/ledger/agent-view.js";
import { type Harness, startHarness } from "../session/harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const LONG_INSTRUCTIONS =
  "You are the test agent. Answer briefly and run what you are asked to.\n".repeat(80);

/** Each child's first request: predicted at its spawn, and as the ledger billed it. */
function firstRequests(): { name: string; predicted: number; billed: number; cached: number }[] {
  const views = h.session.status().agents ?? [];
  const rows = h.ledger();
  return views.map((view: AgentView) => {
    const row = rows.find((r) => r.agent?.id === view.id);
    return {
      name: view.name,
      predicted: view.forecast?.figures.usd ?? Number.NaN,
      billed: row?.cost_usd ?? Number.NaN,
      cached: view.forecast?.figures.cachedTokens ?? Number.NaN,
    };
  });
}

describe("the cost forecast of a fork on another effort (issue 39's follow-up)", () => {
  it("four siblings on a new effort: the later ones are forecast cached on the first one's prefix, each within 5% of its bill", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      settings: { model: "gpt-5.5", effort: "medium" },
      agents: { maxThreads: 4, maxDepth: 1 },
    });
    for (const text of ["what is in this repository?", "run: echo one", "run: echo two"]) {
      expect((await h.session.send(text)).ok).toBe(true);
    }
    // one response with four spawn calls: a long output, unlike the children's answers
    expect((await h.session.send("spawn 4 effort=high: summarise it")).ok).toBe(true);
    const firsts = firstRequests();
    expect(firsts.length).toBe(4);
    expect(firsts[0]?.cached).toBe(0); // a new effort: nothing of the parent's cache serves
    for (const first of firsts.slice(1)) expect(first.cached).toBeGreaterThan(0);
    for (const first of firsts) {
      expect(Math.abs(first.predicted / first.billed - 1), first.name).toBeLessThanOrEqual(0.05);
    }
  });
});
