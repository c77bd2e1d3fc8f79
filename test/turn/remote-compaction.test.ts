import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ResponseItem } from "../../src/protocol/items.js";
import { SessionFile } from "../../src/session/store/session-file.js";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { type Harness, modes, startHarness, wireInput } from "../session/harness.js";

/**
 * Remote compaction (issue 23 item 3) on the real demo server over a WebSocket: /compact on a
 * model the catalog marks as compacting server-side sends `compaction_trigger` last, installs
 * the one `compaction` item, the next request is full and the one after incremental; resume
 * works from the session file; a provider refusing the trigger gets the local summary.
 */
let h: Harness | undefined;
let home: string | undefined;
afterEach(async () => {
  await h?.close();
  if (home) rmSync(home, { recursive: true, force: true });
  h = undefined;
  home = undefined;
});

const types = (items: readonly ResponseItem[]) => items.map((item) => item.type);

async function sessionWithFile(model: string, restoredHistory?: ResponseItem[]) {
  home ??= mkdtempSync(join(tmpdir(), "remote-compact-"));
  const id = `sess-rc-${Math.random().toString(36).slice(2, 8)}`;
  const meta = { id, created: new Date().toISOString(), cwd: home, model, provider: "demo" };
  const file = SessionFile.create(home, meta);
  return { file, restoredHistory };
}

describe("remote compaction on gpt-6-astra (catalog: remoteCompaction)", () => {
  it("/compact sends compaction_trigger last, installs one compaction item; full next, incremental after; resume works", async () => {
    const { file } = await sessionWithFile("gpt-6-astra");
    h = await startHarness({ settings: { model: "gpt-6-astra" }, historyStore: file });
    expect((await h.session.send("first question")).ok).toBe(true);
    expect((await h.session.send("run: echo tool-before-compaction")).ok).toBe(true);

    const compacted = await h.session.compact();
    expect(compacted.ok).toBe(true);
    const trigger = h.requests().at(-1);
    const sent = wireInput(trigger);
    expect(sent.at(-1)).toEqual({ type: "compaction_trigger" });
    expect(sent.filter((item) => item.type === "compaction_trigger")).toHaveLength(1);
    // the trigger chains like any request
    expect(trigger?.previousResponseId).toBeDefined();

    const history = h.session.history();
    expect(types(history).filter((t) => t === "compaction")).toHaveLength(1);
    expect(history.at(-1)?.type).toBe("compaction");
    expect(types(history)).not.toContain("function_call_output");
    expect(types(history)).not.toContain("compaction_trigger");
    expect(history[0]?.type).toBe("additional_tools"); // the cached prefix stays
    const event = h.events.find((e) => e.type === "compacted");
    expect(event).toMatchObject({ kind: "remote", trigger: "manual", auto: false });
    expect(h.events.some((e) => e.type === "warning")).toBe(false);
    const row = h.ledger().at(-1);
    expect(row?.compaction).toMatchObject({ kind: "remote", trigger: "manual" });
    expect(row?.compaction?.items_before).toBeGreaterThan(history.length);
    expect(row?.usage?.input_tokens).toBeGreaterThan(0);

    expect((await h.session.send("second question")).ok).toBe(true);
    expect((await h.session.send("Summarize this conversation so far")).ok).toBe(true);
    expect(modes(h).slice(-2)).toEqual(["ws_full:epoch_reset:compact", "ws_incremental"]);
    const full = wireInput(h.requests().at(-2));
    expect(types(full).filter((t) => t === "compaction")).toHaveLength(1);
    expect(full.some((item) => item.type === "compaction_trigger")).toBe(false);
    // the demo expands its compaction item: the model still knows the first question
    const answer = h.events.findLast((e) => e.type === "turn_completed");
    expect(answer).toMatchObject({ lastMessage: expect.stringContaining("- first question") });

    // the session file keeps every item (the tool output too), and never the trigger
    const text = readFileSync(file.path, "utf8");
    expect(text).toContain("tool-before-compaction");
    expect(text).not.toContain("compaction_trigger");
    const saved = readSessionFile(file.path).history;
    expect(saved).toEqual(h.session.history());
    await h.close();
    h = undefined;

    // resume: a new session from the file goes on after the compaction
    h = await startHarness({ settings: { model: "gpt-6-astra" }, restoredHistory: saved });
    expect((await h.session.send("after resume")).ok).toBe(true);
    const resumed = wireInput(h.requests().at(-1));
    expect(JSON.stringify(h.requests().map((r) => r.body))).toContain("cmp_");
    expect(resumed.at(-1)).toMatchObject({ type: "message", role: "user" });
    expect(modes(h).at(-1)).toBe("ws_incremental");
  });

  it("a provider refusing compaction_trigger: one warning, the local summary, no failed turn; later /compact stays local", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra" } });
    h.server.hooks.rejectCompaction();
    expect((await h.session.send("first question")).ok).toBe(true);
    const result = await h.session.compact();
    expect(result.ok).toBe(true);
    expect(result.lastMessage).toContain("first question");
    const warnings = h.events.filter((e) => e.type === "warning");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ message: expect.stringContaining("compaction_trigger") });
    expect(h.events.some((e) => e.type === "turn_failed")).toBe(false);
    expect(h.events.find((e) => e.type === "compacted")).toMatchObject({ kind: "local" });
    expect(types(h.session.history())).not.toContain("compaction");

    expect((await h.session.compact()).ok).toBe(true);
    const triggers = h
      .requests()
      .filter((r) => wireInput(r).some((item) => item.type === "compaction_trigger"));
    expect(triggers).toHaveLength(1); // the second /compact went straight to the local summary
    expect(h.events.filter((e) => e.type === "warning")).toHaveLength(1);
    expect((await h.session.send("and on")).ok).toBe(true);
  });

  it.each([0, 2])(
    "a response with %i compaction items is an error and a local summary, never a dead session",
    async (n) => {
      h = await startHarness({ settings: { model: "gpt-6-astra" } });
      expect((await h.session.send("first question")).ok).toBe(true);
      h.server.hooks.compactionItemsNext(n);
      expect((await h.session.compact()).ok).toBe(true);
      const warning = h.events.find((e) => e.type === "warning");
      expect(warning).toMatchObject({
        message: expect.stringContaining(`expected exactly one compaction output item, got ${n}`),
      });
      expect(h.events.find((e) => e.type === "compacted")).toMatchObject({ kind: "local" });
      expect((await h.session.send("still here?")).ok).toBe(true);
    },
  );
});

describe("automatic remote compaction past the limit", () => {
  it("compacts server-side between tool rounds; the turn goes on with a full request, then chains", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra" }, autoCompactTokenLimit: 1500 });
    expect((await h.session.send("repeat 4: run: seq 1 300")).ok).toBe(true);
    const event = h.events.find((e) => e.type === "compacted");
    expect(event).toMatchObject({ kind: "remote", trigger: "limit", auto: true });
    const rows = h.ledger();
    const at = rows.findIndex((row) => row.compaction !== null);
    expect(rows[at]?.compaction).toMatchObject({ kind: "remote", trigger: "limit" });
    expect(rows[at]?.compaction?.tokens_before).toBeGreaterThan(1500);
    expect(rows[at + 1]?.reason).toBe("epoch_reset:auto_compact");
    expect(rows[at + 1]?.turn).toBe(rows[at]?.turn);
    expect(rows[at + 1]?.usage?.input_tokens).toBeLessThan(rows[at]?.usage?.input_tokens ?? 0);
    expect(h.events.some((e) => e.type === "warning")).toBe(false);
    expect((await h.session.send("and now a short question")).ok).toBe(true);
    expect(h.ledger().at(-1)?.mode).toBe("ws_incremental");
  });
});

describe("a model without remote compaction (catalog flag off)", () => {
  it("/compact sends no trigger: the local summary, as before", async () => {
    h = await startHarness({ settings: { model: "demo-1" } });
    expect((await h.session.send("first question")).ok).toBe(true);
    expect((await h.session.compact()).ok).toBe(true);
    const bodies = JSON.stringify(h.requests().map((r) => r.body));
    expect(bodies).not.toContain("compaction_trigger");
    expect(h.events.find((e) => e.type === "compacted")).toMatchObject({ kind: "local" });
  });
});
