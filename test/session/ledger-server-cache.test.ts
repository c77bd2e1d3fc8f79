import { describe, expect, it } from "vitest";
import {
  formatLedgerSummary,
  type LedgerRow,
  ledgerRowSchema,
  summarizeLedger,
} from "../../src/session/ledger.js";
import { formatLedgerPicture } from "../../src/session/ledger-picture.js";
import { ledgerTableRow } from "../../src/ui/commands/ledger-rows.js";

/** A ledger row as an older mini-codex wrote it (no server_cache), plus `extra`. */
function row(seq: number, extra: Record<string, unknown> = {}): LedgerRow {
  return ledgerRowSchema().parse({
    ts: "2026-12-02T04:00:00.000Z",
    session_id: "s",
    turn: seq,
    seq,
    transport: "ws",
    mode: "ws_incremental",
    reason: null,
    lane: "medium",
    previous_response_id_present: true,
    response_id: `resp_${seq}`,
    prompt_cache_key: "s",
    model: "gpt-5.6-terra",
    effort: "medium",
    items_total: 5,
    items_sent: 1,
    bytes_sent: 100,
    usage: { input_tokens: 190_000, cached_tokens: 0, output_tokens: 5, reasoning_tokens: 0 },
    ms_to_first_event: 1,
    ms_total: 2,
    outcome: "completed",
    ...extra,
  });
}

const cell = (verdict: string, agrees: boolean | null, reason: string | null = null) => ({
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
    const old = row(1);
    expect(old.server_cache).toBeNull();
    expect(formatLedgerSummary(summarizeLedger([old]))).not.toContain("server");
  });

  it("mini-codex ledger counts the verdicts and the agreement; not found is no verdict", () => {
    const rows = [
      row(1, cell("cache_hit", true)),
      row(2, {
        cache_diagnosis: "prefix_changed:reasoning",
        ...cell("cache_miss", true, "reasoning_effort_changed"),
      }),
      row(3, cell("cache_miss", false, "input_changed")),
      row(4, cell("comparison_response_not_found", null)),
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
