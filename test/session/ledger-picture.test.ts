import { describe, expect, it } from "vitest";
import { type LedgerRow, ledgerRowSchema } from "../../src/session/ledger.js";
import { BAR_CELLS, formatLedgerPicture, shareBar } from "../../src/session/ledger-picture.js";

function row(seq: number, extra: Partial<LedgerRow>, cached = 0, input = 2000): LedgerRow {
  return ledgerRowSchema().parse({
    ts: "2026-01-01T00:00:00Z",
    session_id: "s",
    turn: seq,
    seq,
    transport: "ws",
    mode: "ws_incremental",
    reason: null,
    lane: "default",
    previous_response_id_present: true,
    response_id: `resp_${seq}`,
    prompt_cache_key: "s",
    model: "demo",
    effort: "low",
    items_total: 4,
    items_sent: 1,
    bytes_sent: 100,
    usage: { input_tokens: input, cached_tokens: cached, output_tokens: 5, reasoning_tokens: 0 },
    ms_to_first_event: 1,
    ms_total: 2,
    outcome: "completed",
    ...extra,
  });
}

describe("the per-session ledger picture", () => {
  it("draws the cached share as a bar of whole cells", () => {
    expect(shareBar(0)).toBe("░".repeat(BAR_CELLS));
    expect(shareBar(1)).toBe("█".repeat(BAR_CELLS));
    expect(shareBar(0.5, 10)).toBe("█████░░░░░");
    expect(shareBar(0.001, 10)).toBe("█░░░░░░░░░");
  });

  it("one line per request: mode, cached share, and where chain and cache broke", () => {
    const text = formatLedgerPicture([
      row(1, { mode: "ws_full", reason: "no_baseline", cache_diagnosis: "below_minimum" }, 0, 800),
      row(2, {}, 1536, 2000),
      row(
        3,
        { mode: "ws_full", reason: "lane_new", cache_diagnosis: "prefix_changed:reasoning" },
        0,
      ),
      row(4, { outcome: "dropped", usage: null }),
    ]);
    const lines = text.split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^ {3}1 {4}1 FULL ░{20} {3}0% below_minimum {2}full: no_baseline$/);
    expect(lines[2]).toMatch(/^ {3}2 {4}2 inc {2}█{15}░{5} {2}77%$/);
    expect(lines[3]).toContain("FULL ░░░░");
    expect(lines[3]).toContain("prefix_changed:reasoning  full: lane_new");
    expect(lines[4]).toContain("dropped");
    expect(lines[4]).toContain("·".repeat(BAR_CELLS));
  });
});
