import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ledgerRow } from "../../src/session/ledger/ledger-row.js";
import {
  LEDGER_HEADER,
  ledgerTableRow,
  readLedgerRows,
} from "../../src/ui/commands/info/ledger-rows.js";
import { resilientReducer } from "../../src/ui/controller/state.js";
import { initialState } from "../../src/ui/controller/ui-state.js";
import { fencedLines, formatMarkdownLine } from "../../src/ui/transcript/markdown.js";

describe("markdown-ish lines", () => {
  it("renders headings, bullets, inline code and bold", () => {
    expect(formatMarkdownLine("## Plan", false)).toEqual([
      { text: "Plan", bold: true, heading: true },
    ]);
    expect(formatMarkdownLine("- run `npm test` **now**", false)).toEqual([
      { text: "• " },
      { text: "run " },
      { text: "npm test", code: true },
      { text: " " },
      { text: "now", bold: true },
    ]);
  });

  it("keeps code blocks verbatim across entries", () => {
    const lines = fencedLines(["```ts", "# not a heading", "```", "# heading"], false);
    expect(lines.map((l) => l.inFence)).toEqual([false, true, false, false]);
    expect(formatMarkdownLine("# not a heading", true)).toEqual([
      { text: "# not a heading", code: true },
    ]);
    expect(fencedLines(["still code", "```"], true)[0]?.inFence).toBe(true);
  });
});

describe("ledger rows", () => {
  it("reads the last N valid rows and skips a torn line", () => {
    const dir = mkdtempSync(join(tmpdir(), "mini-codex-ledger-"));
    const path = join(dir, "s.ledger.jsonl");
    const row = (seq: number) =>
      JSON.stringify(
        ledgerRow(
          {
            seq,
            turn: 1,
            transport: "ws",
            mode: "ws_incremental",
            lane: "default",
            previousResponseIdPresent: true,
            model: "demo",
            itemsTotal: 5,
            itemsSent: 1,
            bytesSent: 100,
            warmup: false,
            msTotal: 3,
            outcome: "completed",
          },
          { sessionId: "s", promptCacheKey: "s" },
        ),
      );
    writeFileSync(path, `${row(1)}\n${row(2)}\n${row(3)}\n{"seq": 4, "tu`);
    const rows = readLedgerRows(path, 2);
    expect(rows.map((r) => r.seq)).toEqual([2, 3]);
    const cells = ledgerTableRow(rows[0]!);
    expect(cells.slice(2, 5)).toEqual(["ws_incremental", "✓", "1/5"]);
    expect(cells.at(-1)).toBe("");
  });

  it("has a cache miss column: the diagnosis, and for a cold cache the request it repeated", () => {
    const dir = mkdtempSync(join(tmpdir(), "mini-codex-ledger-"));
    const path = join(dir, "s.ledger.jsonl");
    const row = (seq: number, diagnosis: string | null) =>
      JSON.stringify(
        ledgerRow(
          {
            seq,
            turn: 1,
            transport: "ws",
            mode: "ws_full",
            lane: "default",
            previousResponseIdPresent: false,
            model: "demo",
            itemsTotal: 5,
            itemsSent: 5,
            bytesSent: 100,
            warmup: false,
            msTotal: 3,
            outcome: "completed",
            cache: {
              prefixDigest: "0123456789abcdef",
              sharedPrefix: { seq: 7, items: 5 },
              diagnosis,
            },
          },
          { sessionId: "s", promptCacheKey: "s" },
        ),
      );
    // a row written before the diagnosis existed still reads, with no diagnosis
    const old = JSON.parse(row(1, null));
    delete old.prefix_digest;
    delete old.shared_prefix;
    delete old.cache_diagnosis;
    writeFileSync(
      path,
      `${JSON.stringify(old)}\n${row(2, "cache_cold:12")}\n${row(3, "prefix_changed:reasoning")}\n`,
    );
    const rows = readLedgerRows(path, 3);
    expect(rows.map((r) => r.cache_diagnosis)).toEqual([
      null,
      "cache_cold:12",
      "prefix_changed:reasoning",
    ]);
    const column = LEDGER_HEADER.indexOf("cache miss");
    expect(rows.map((r) => ledgerTableRow(r)[column])).toEqual([
      "",
      "cache_cold:12 #7",
      "prefix_changed:reasoning",
    ]);
  });

  it("is empty before the first request", () => {
    expect(readLedgerRows(join(tmpdir(), "no-such-dir", "x.jsonl"), 5)).toEqual([]);
  });
});

describe("resilientReducer", () => {
  it("turns a malformed event into an error line instead of throwing", () => {
    const bad = { type: "session", event: { type: "tool", event: { type: "command_finished" } } };
    const state = resilientReducer(initialState(), bad as never);
    expect(state.entries.at(-1)).toMatchObject({ kind: "notice", level: "error" });
  });
});
