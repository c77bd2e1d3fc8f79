import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apiKeyCredentials } from "../../src/auth/credentials-for.js";
import { ledgerRowSchema } from "../../src/session/ledger/ledger-row.js";
import { formatLedgerSummary, summarizeLedger } from "../../src/session/ledger/ledger-summary.js";
import { type Harness, ledgerText, startHarness } from "./harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const KEY = "sk-test-never-in-the-ledger-123";
const PROMPT = "my private prompt about zebras";

describe("the ledger (issue 3, done-when 7)", () => {
  it("has one line per request on the wire, matching it field by field, with no prompt, output or key", async () => {
    h = await startHarness({ providerOverrides: { credentials: apiKeyCredentials(KEY) } });
    await h.session.send(PROMPT);
    await h.session.send("run: echo secret-tool-output-42");
    h.server.hooks.forgetResponses();
    await h.session.send("after the server forgot");
    h.session.update({ effort: "medium" });
    await h.session.send("with effort");

    const rows = h.ledger();
    const requests = h.requests();
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows).toHaveLength(requests.length);
    rows.forEach((row, i) => {
      const wire = requests[i]!;
      expect(ledgerRowSchema().strict().parse(row)).toEqual(row);
      expect(row.seq).toBe(i + 1);
      expect(row.transport).toBe(wire.transport);
      expect(row.previous_response_id_present).toBe(wire.previousResponseId !== undefined);
      expect(row.mode === "ws_incremental").toBe(wire.previousResponseId !== undefined);
      expect(row.items_sent).toBe(wire.inputLength);
      expect(row.bytes_sent).toBe(wire.bytes);
      expect(row.response_id).toBe(wire.responseId ?? null);
      expect(row.prompt_cache_key).toBe(h.session.id);
      expect(row.session_id).toBe(h.session.id);
      // the lane is named by its effort; the first turns set none
      expect(row.lane).toBe(row.effort ?? "default");
      expect(row.items_total).toBeGreaterThanOrEqual(row.items_sent);
      if (row.outcome === "completed") expect(row.usage?.input_tokens).toBeGreaterThan(0);
    });
    expect(rows.map((r) => r.outcome)).toContain("error");
    expect(rows.at(-1)).toMatchObject({ mode: "ws_full", effort: "medium" });
    expect(rows.at(-1)).toMatchObject({ reason: "lane_new", lane: "medium" });

    const text = ledgerText(h);
    expect(text).not.toContain("zebras");
    expect(text).not.toContain("secret-tool-output-42");
    expect(text).not.toContain(KEY);
    expect(text).not.toContain("You said");
  });

  it("summarizes into a readable report", async () => {
    h = await startHarness();
    await h.session.send("one");
    await h.session.send("two");
    const summary = summarizeLedger(h.ledger());
    expect(summary).toMatchObject({
      sessionId: h.session.id,
      requests: 3,
      modes: { ws_full: 1, ws_incremental: 2 },
      fullReasons: { no_baseline: 1 },
      outcomes: { completed: 3 },
    });
    expect(summary.incrementalRatio).toBeCloseTo(2 / 3);
    const report = formatLedgerSummary(summary);
    expect(report).toContain("ws_incremental 2");
    expect(report).toContain("no_baseline 1");
  });

  it("marks the warm-up as turn 0, also when it goes out at the start of the first turn", async () => {
    h = await startHarness();
    await h.session.send("one");
    await h.session.send("two");
    const rows = h.ledger();
    expect(h.requests()[0]?.generate).toBe(false);
    expect(rows.map((row) => row.turn)).toEqual([0, 1, 2]);
    expect(rows[0]?.usage?.output_tokens).toBe(0);
    const summary = summarizeLedger(rows);
    expect(summary).toMatchObject({ requests: 3, turns: 2, warmups: 1 });
    expect(formatLedgerSummary(summary)).toContain("requests 3 over 2 turn(s), 1 warm-up");
  });

  it("a ledger that cannot be written costs one warning, never the turn", async () => {
    const home = mkdtempSync(join(tmpdir(), "mini-codex-badhome-"));
    writeFileSync(join(home, "sessions"), "not a folder");
    try {
      h = await startHarness({ home });
      expect(await h.session.send("one")).toMatchObject({ ok: true, lastMessage: "You said: one" });
      expect(await h.session.send("two")).toMatchObject({ ok: true });
      const warnings = h.events.flatMap((e) => (e.type === "warning" ? [e.message] : []));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/ledger/);
      expect(h.session.status().totals.requests).toBe(3);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("a session without a ledger writes none", async () => {
    h = await startHarness({ ledger: false });
    await h.session.send("one");
    expect(existsSync(join(h.home, "sessions"))).toBe(false);
    expect(h.events.some((e) => e.type === "request_finished")).toBe(true);
  });
});
