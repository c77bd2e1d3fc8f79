import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { messageText, type ResponseItem } from "../../src/protocol/items.js";
import type { HistoryStore } from "../../src/session/store/history-store.js";
import { createSession } from "../../src/turn/agent-session.js";
import { type Harness, harnessSessionOptions, modes, startHarness, wireInput } from "./harness.js";

class RecordingStore implements HistoryStore {
  items: ResponseItem[] = [];
  append(items: ResponseItem[]): void {
    this.items.push(...items);
  }
  replace(items: ResponseItem[]): void {
    this.items = [...items];
  }
}

let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("history persistence and resume", () => {
  it("the store always holds exactly the session's history, across compaction", async () => {
    const store = new RecordingStore();
    h = await startHarness({ historyStore: store });
    await h.session.send("run: echo stored");
    expect(store.items).toEqual(h.session.history());
    await h.session.compact();
    expect(store.items).toEqual(h.session.history());
  });

  it("a resumed session warms up with its whole history and chains its first turn", async () => {
    // resumed where it ran, as a person does: the model needs no new <cwd>
    const cwd = mkdtempSync(join(tmpdir(), "mini-codex-cwd-"));
    try {
      const first = await startHarness({ cwd });
      await first.session.send("remember me");
      const saved = [...first.session.history()];
      await first.close();

      const store = new RecordingStore();
      h = await startHarness({ cwd, restoredHistory: saved, historyStore: store });
      const result = await h.session.send("do you remember?");
      expect(result.ok).toBe(true);
      expect(modes(h)).toEqual(["ws_full:no_baseline", "ws_incremental"]);
      expect(h.requests()[0]?.inputLength).toBe(saved.length);
      expect(wireInput(h.requests()[1]).map(messageText)).toEqual(["do you remember?"]);
      expect(store.items).toEqual(h.session.history().slice(saved.length));
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it("without a warm-up, a resumed session's first request is full and later ones chain over its tool outputs", async () => {
    const first = await startHarness({ warmup: false });
    await first.session.send("run: echo before-resume");
    const saved = [...first.session.history()];
    await first.close();

    // resumed in another directory: the new <cwd> goes once, ahead of the first message
    h = await startHarness({ restoredHistory: saved, warmup: false });
    await h.session.send("run: echo after-resume");
    const output = h.session.history().find((item) => item.type === "function_call_output");
    expect(h.session.rerenderToolOutput(String(output?.call_id), "re-rendered")).toBe(true);
    await h.session.send("still chained?");
    expect(modes(h)).toEqual(["ws_full:no_baseline", "ws_incremental", "ws_incremental"]);
    const resumed = wireInput(h.requests()[0]);
    expect(resumed).toHaveLength(saved.length + 2);
    expect(resumed.slice(-2).map(messageText)).toEqual([
      `<environment_context>\n  <cwd>${h.cwd}</cwd>\n</environment_context>`,
      "run: echo after-resume",
    ]);
    const later = h.requests().slice(1);
    expect(JSON.stringify(later.map((r) => r.body))).not.toContain("<cwd>");
    expect(JSON.stringify(h.requests()[0]?.body)).toContain("before-resume");
    expect(JSON.stringify(h.requests().map((r) => r.body))).not.toContain("re-rendered");
  });

  it("a resumed session continues the ledger's turn and seq numbers instead of restarting them", async () => {
    h = await startHarness();
    await h.session.send("one");
    await h.session.send("two");
    const saved = [...h.session.history()];
    await h.session.close();
    const resumed = createSession({
      ...harnessSessionOptions({
        id: h.session.id,
        baseUrl: h.server.baseUrl,
        home: h.home,
        cwd: h.cwd,
      }),
      restoredHistory: saved,
    });
    try {
      await resumed.send("three");
    } finally {
      await resumed.close();
    }
    const rows = h.ledger();
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.map((row) => row.turn)).toEqual([0, 1, 2, 0, 3]);
  });
});
