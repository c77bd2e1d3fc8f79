import { afterEach, describe, expect, it } from "vitest";
import { formatUsd } from "../../src/models/cost.js";
import type { SessionEvent } from "../../src/session/events.js";
import { summarizeLedger } from "../../src/session/ledger/ledger-summary.js";
import { uiReducer } from "../../src/ui/controller/state.js";
import { initialState } from "../../src/ui/controller/ui-state.js";
import { exitSummary } from "../../src/ui/exit-summary.js";
import { layoutStatusBar } from "../../src/ui/status-items.js";
import { type Harness, startHarness } from "../session/harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** The status bar's text after these events, as wide as it needs. */
function statusBarAfter(events: readonly SessionEvent[]): string {
  let state = initialState({ model: "gpt-5.5" });
  for (const event of events) state = uiReducer(state, { type: "session", event });
  return layoutStatusBar(state.status, 400)
    .map((segment) => segment.text)
    .join("");
}

describe("one session total in every place (issue 27)", () => {
  it("the ledger, the status bar, the exit summary and /status's totals agree", async () => {
    h = await startHarness({ settings: { model: "gpt-5.5", effort: "low" } });
    await h.session.send("one");
    await h.session.send("run: echo two");
    const ledger = summarizeLedger(h.ledger()).cost;
    const totals = h.session.status().totals.cost;
    expect(ledger.usd).toBeGreaterThan(0);
    expect(totals.usd).toBeCloseTo(ledger.usd, 6);
    const total = formatUsd(ledger.usd);
    expect(statusBarAfter(h.events)).toContain(total);
    expect(exitSummary(h.session.status()).join("\n")).toContain(`Cost: ${total}`);
  });

  it("a model with no price shows tokens and 'no price' in the status bar and the exit summary", async () => {
    h = await startHarness({ settings: { model: "house-model" } });
    await h.session.send("one");
    expect(statusBarAfter(h.events)).toContain("no price for house-model");
    const summary = exitSummary(h.session.status()).join("\n");
    expect(summary).toMatch(/Tokens: input \d/);
    expect(summary).toContain("Cost: no price for house-model");
  });
});
