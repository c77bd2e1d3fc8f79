import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SessionFile } from "../../src/session/store/session-file.js";
import { type Harness, startHarness, wireInput } from "../session/harness.js";

// A long tool turn on the demo server with a small model_auto_compact_token_limit: each tool
// round adds about 430 input tokens to a ~1200-token start (the tools, request_user_input
// among them, and the context), so 1800 is passed mid-turn, after the second round.
const LIMIT = 1800;

let h: Harness | undefined;
let store: string | undefined;
afterEach(async () => {
  await h?.close();
  if (store) rmSync(store, { recursive: true, force: true });
  h = undefined;
});

describe("automatic compaction (model_auto_compact_token_limit)", () => {
  it("compacts between tool rounds of a running turn, starts a new epoch, and chains again after", async () => {
    store = mkdtempSync(join(tmpdir(), "auto-compact-"));
    const id = "sess-autocompact1";
    const file = SessionFile.create(store, {
      id,
      created: new Date().toISOString(),
      cwd: store,
      model: "demo-1",
      provider: "demo",
    });
    h = await startHarness({ id, autoCompactTokenLimit: LIMIT, historyStore: file });

    const result = await h.session.send("repeat 4: run: seq 1 300");
    expect(result.ok).toBe(true);

    const rows = h.ledger();
    const reset = rows.findIndex((row) => row.reason === "epoch_reset:auto_compact");
    expect(reset).toBeGreaterThan(0);
    // mid-turn: the same turn ran tool rounds before it and the turn went on after it
    expect(rows[reset]?.turn).toBe(1);
    expect(rows[reset]?.mode).toBe("ws_full");
    const before = rows[reset - 2]; // the last request of the long history (then the summary)
    expect(before?.usage?.input_tokens).toBeGreaterThan(LIMIT);
    expect(rows[reset]?.items_sent).toBeLessThan(before?.items_total ?? 0);
    expect(rows[reset]?.usage?.input_tokens).toBeLessThan(LIMIT);

    // what went on the wire after the reset: context, the person's message, the summary
    const sent = h.requests().map(wireInput);
    const full = sent.find((input, i) => i > 0 && input.length === rows[reset]?.items_sent);
    expect(JSON.stringify(full)).toContain("repeat 4: run: seq 1 300");
    expect(JSON.stringify(full)).toContain("Summary of the conversation so far:");
    expect(JSON.stringify(full)).not.toContain("function_call_output");

    // the person is told, between the tool rounds and the end of the turn
    const types = h.events.map((e) => e.type);
    const compacted = types.indexOf("compacted");
    expect(compacted).toBeGreaterThan(types.indexOf("tool_call_finished"));
    expect(compacted).toBeLessThan(types.indexOf("turn_completed"));
    const event = h.events[compacted];
    expect(event).toMatchObject({ type: "compacted", auto: true });

    // the next turn continues the new chain incrementally
    const next = await h.session.send("and now a short question");
    expect(next.ok).toBe(true);
    const last = h.ledger().at(-1);
    expect(last?.mode).toBe("ws_incremental");
    expect(last?.reason).toBeNull();

    // the session file keeps every older item; only the replay starts from the summary
    const text = readFileSync(file.path, "utf8");
    expect(text.match(/"function_call_output"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('"history_replaced"');
  });
});
