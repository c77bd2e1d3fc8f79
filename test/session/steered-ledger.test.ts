import { afterEach, describe, expect, it } from "vitest";
import { lookupModel } from "../../src/models/catalog.js";
import { requestCost } from "../../src/models/cost.js";
import { type Usage, usageFigures } from "../../src/protocol/events.js";
import { formatLedgerSummary, summarizeLedger } from "../../src/session/ledger/ledger-summary.js";
import { type Harness, startHarness, waitFor } from "./harness.js";

/**
 * A request steered on the socket is billed for two responses: the one steering cut and its
 * automatic successor. The ledger row, its cost and `mini-codex ledger`'s summary count both,
 * as the demo server reported them; the prediction made before sending stays what it was.
 */
let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("the ledger of a steered request", () => {
  it("adds the cut response's tokens and cost to the successor's", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra" } });
    const reply = h.session.send("demo:slow 40");
    await waitFor(() => h.events.some((e) => e.type === "text_delta"));
    expect(h.session.steer("Shorter, please.")).toBeTruthy();
    expect((await reply).ok).toBe(true);

    const cut = h.requests().at(-1);
    const successor = h.server.successors[0];
    const cutUsage = usageFigures(cut?.usage as Usage);
    const successorUsage = usageFigures(successor?.usage as Usage);
    expect(cutUsage?.output_tokens).toBeGreaterThan(0);
    expect(successorUsage?.input_tokens).toBeGreaterThan(0);
    if (!cutUsage || !successorUsage) throw new Error("the demo reported no usage");

    const row = h.ledger().at(-1);
    expect(row?.response_id).toBe(successor?.responseId);
    const both = (key: keyof typeof cutUsage) => cutUsage[key] + successorUsage[key];
    expect(row?.usage).toEqual({
      input_tokens: both("input_tokens"),
      cached_tokens: both("cached_tokens"),
      output_tokens: both("output_tokens"),
      reasoning_tokens: both("reasoning_tokens"),
    });
    expect(row?.steered_usage).toEqual(cutUsage);
    const prices = lookupModel("gpt-6-astra").prices;
    if (!prices) throw new Error("gpt-6-astra has no price");
    const usd = requestCost(prices, cutUsage) + requestCost(prices, successorUsage);
    expect(row?.cost_usd).toBeCloseTo(usd, 7);
    // the prediction is of the request as sent: one response, the cut one's prompt
    expect(row?.predicted?.input_tokens).toBeLessThan(row?.usage?.input_tokens ?? 0);

    const summary = summarizeLedger(h.ledger());
    const rows = h.ledger();
    const earlier = rows.slice(0, -1);
    expect(summary.outputTokens).toBe(
      earlier.reduce((total, r) => total + (r.usage?.output_tokens ?? 0), 0) +
        both("output_tokens"),
    );
    expect(summary.cost.usd).toBeCloseTo(
      rows.reduce((total, r) => total + (r.cost_usd ?? 0), 0),
      7,
    );
    expect(formatLedgerSummary(summary)).toContain(`output ${summary.outputTokens}`);
    // the session's running totals (status bar, exit summary) count the cut response too
    expect(h.session.status().totals.outputTokens).toBe(summary.outputTokens);
  });
});
