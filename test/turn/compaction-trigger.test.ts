import { describe, expect, it } from "vitest";
import { userMessage } from "../../src/protocol/items.js";
import {
  autoCompactTrigger,
  remoteCompactedHistory,
  theCompactionItem,
} from "../../src/turn/compaction/remote-compaction.js";

const TTL = 30 * 60_000;

describe("when to compact automatically, with the prompt cache in mind", () => {
  it("past the limit: always, warm or not", () => {
    expect(
      autoCompactTrigger({ lastInputTokens: 1001, limit: 1000, idleMs: 0, cacheTtlMs: TTL }),
    ).toBe("limit");
    expect(
      autoCompactTrigger({
        lastInputTokens: 1001,
        limit: 1000,
        idleMs: undefined,
        cacheTtlMs: TTL,
      }),
    ).toBe("limit");
  });

  it("before the limit: only when idle past the TTL (the prefix is cold anyway) and history is well on the way", () => {
    const at = { lastInputTokens: 700, limit: 1000, cacheTtlMs: TTL };
    expect(autoCompactTrigger({ ...at, idleMs: TTL + 1 })).toBe("cold");
    // a warm streak is never broken without need
    expect(autoCompactTrigger({ ...at, idleMs: TTL - 1 })).toBeUndefined();
    expect(autoCompactTrigger({ ...at, idleMs: undefined })).toBeUndefined();
    // a small history is not worth a compaction even when cold
    expect(autoCompactTrigger({ ...at, lastInputTokens: 200, idleMs: TTL * 10 })).toBeUndefined();
  });

  it("no limit: never", () => {
    expect(
      autoCompactTrigger({
        lastInputTokens: 1e9,
        limit: undefined,
        idleMs: TTL * 2,
        cacheTtlMs: TTL,
      }),
    ).toBeUndefined();
  });
});

describe("the replacement history and the one compaction item", () => {
  const tools = { type: "additional_tools", id: "at_1", role: "developer", tools: [] };
  const dev = {
    type: "message",
    role: "developer",
    content: [{ type: "input_text", text: "base" }],
  };
  const cmp = { type: "compaction", id: "cmp_new", encrypted_content: "ENC" };

  it("keeps the initial context byte-identical, the person's messages in order, then the compaction item", () => {
    const history = [
      tools,
      dev,
      userMessage("one"),
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "a" }] },
      { type: "function_call", call_id: "c", name: "x", arguments: "{}" },
      { type: "function_call_output", call_id: "c", output: "out" },
      { type: "compaction", id: "cmp_old", encrypted_content: "OLD" },
      userMessage("two"),
    ];
    expect(remoteCompactedHistory(history, cmp)).toEqual([
      tools,
      dev,
      userMessage("one"),
      userMessage("two"),
      cmp,
    ]);
  });

  it("keeps the newest messages within the token budget", () => {
    const history = [tools, userMessage("a".repeat(400)), userMessage("b".repeat(400))];
    const kept = remoteCompactedHistory(history, cmp, 150);
    expect(kept).toEqual([tools, userMessage("b".repeat(400)), cmp]);
  });

  it("anything but exactly one compaction item is an error naming what came", () => {
    expect(theCompactionItem([cmp])).toEqual({ item: cmp });
    expect(theCompactionItem([userMessage("x")])).toEqual({
      error:
        "remote compaction expected exactly one compaction output item, got 0 from 1 output items",
    });
    expect("error" in theCompactionItem([cmp, cmp])).toBe(true);
  });
});
