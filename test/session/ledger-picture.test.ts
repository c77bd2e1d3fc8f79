import { describe, expect, it } from "vitest";
import {
  BAR_CELLS,
  formatLedgerPicture,
  shareBar,
} from "../../src/session/ledger/ledger-picture.js";
import { type LedgerRow, ledgerRowSchema } from "../../src/session/ledger/ledger-row.js";
import { formatLedgerSummary, summarizeLedger } from "../../src/session/ledger/ledger-summary.js";
import { ledgerTableRow } from "../../src/ui/commands/info/ledger-rows.js";

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

describe("where the effort changed, in the ledger views (issue 46: Plan mode's own effort)", () => {
  it("an in-band update and a request on another lane say so after why the row went full", () => {
    const rows = [
      row(1, { lane: "high" }, 0, 2000),
      row(2, { lane: "high", effort_update: "low" }, 1800, 2000),
      row(3, { lane: "medium", mode: "ws_full", reason: "lane_new" }),
      row(4, { lane: "medium" }, 1900, 2000),
    ];
    const picture = formatLedgerPicture(rows).split("\n");
    expect(picture[1]).not.toMatch(/effort|lane/);
    expect(picture[2]).toMatch(/^ {3}2 .* effort → low \(in-band\)$/);
    expect(picture[3]).toMatch(/full: lane_new {2}lane medium$/);
    expect(picture[4]).not.toMatch(/lane/);
    // /ledger's table says it in the reason column, after the reason
    expect(ledgerTableRow(rows[2] as LedgerRow, "lane medium")[11]).toBe("lane_new  lane medium");
  });
});

const cell = (
  verdict: string,
  agrees: boolean | null,
  reason: string | null = null,
): Partial<LedgerRow> => ({
  server_cache: {
    verdict,
    reason,
    missed_tokens: reason ? 182_000 : null,
    compared_with: "resp_0",
    agrees,
  },
});

describe("the server's cache diagnosis in the ledger views", () => {
  it("an older ledger reads server_cache as null and prints no server lines", () => {
    const old = row(1, {}, 0, 190_000);
    expect(old.server_cache).toBeNull();
    expect(formatLedgerSummary(summarizeLedger([old]))).not.toContain("server");
  });

  it("mini-codex ledger counts the verdicts and the agreement; not found is no verdict", () => {
    const rows = [
      row(1, cell("cache_hit", true), 0, 190_000),
      row(
        2,
        {
          cache_diagnosis: "prefix_changed:reasoning",
          ...cell("cache_miss", true, "reasoning_effort_changed"),
        },
        0,
        190_000,
      ),
      row(3, cell("cache_miss", false, "input_changed"), 0, 190_000),
      row(4, cell("comparison_response_not_found", null), 0, 190_000),
    ];
    const text = formatLedgerSummary(summarizeLedger(rows));
    expect(text).toContain(
      "server cache: cache_hit 1, cache_miss:input_changed 1, cache_miss:reasoning_effort_changed 1, comparison_response_not_found 1",
    );
    expect(text).toContain("client and server agree on 2 of 3 compared (67%)");
    const picture = formatLedgerPicture(rows).split("\n");
    expect(picture[2]).toContain("server: reasoning_effort_changed 182k");
    expect(picture[3]).toContain("server: input_changed 182k ≠ client");
    expect(picture[4]).toContain("server: comparison_response_not_found");
    expect(ledgerTableRow(rows[1] as LedgerRow).at(-1)).toBe("reasoning_effort_changed 182k");
  });
});
