import { afterEach, describe, expect, it } from "vitest";
import { messageText } from "../../src/protocol/items.js";
import type { CheckpointLine } from "../../src/session/store/checkpoint-lines.js";
import { SessionFile } from "../../src/session/store/session-file.js";
import { createSession, type Session } from "../../src/turn/agent-session.js";
import { livePoints } from "../../src/turn/rewind/rewind-timeline.js";
import { type Harness, harnessSessionOptions, startHarness } from "../session/harness.js";
import { resumedFrom, turnStart } from "./rewind-fixtures.js";

// Issue 37, smaller item: /rewind after /compact offered only the message after it, as "1.".
let h: Harness;
let other: Session | undefined;
afterEach(async () => {
  await other?.close();
  other = undefined;
  await h?.close();
});

describe("rewind points across a compaction (pure)", () => {
  it("keeps the messages before a compaction, marked, and numbers every message in order", () => {
    const lines: CheckpointLine[] = [
      turnStart(2, "one"),
      turnStart(4, "two"),
      { type: "checkpoint", moment: "compacted", at: 6 },
      turnStart(3, "three"),
    ];
    const history = [
      {},
      {},
      {},
      { type: "message", role: "user", content: [{ type: "input_text", text: "three" }] },
    ];
    const points = livePoints(lines, history as never);
    expect(points.map((p) => [p.turn, p.message, p.compacted ?? false])).toEqual([
      [1, "one", true],
      [2, "two", true],
      [3, "three", false],
    ]);
    // a conversation rewind to "two" ends it and what came after; its history is current again
    const rewound = livePoints(
      [...lines, { type: "checkpoint", moment: "rewind", at: 4, mode: "conversation", turn: 2 }],
      [
        {},
        {},
        { type: "message", role: "user", content: [{ type: "input_text", text: "one" }] },
      ] as never,
    );
    expect(rewound.map((p) => [p.turn, p.message, p.compacted ?? false])).toEqual([
      [1, "one", false],
    ]);
  });
});

/** Three messages, /compact, one more: in a session with a session file when `file`. */
async function compactedSession(file: boolean) {
  h = await startHarness({ checkpoints: true });
  if (file) {
    await h.session.close();
    const store = SessionFile.create(h.home, {
      id: "compact-file",
      created: "2026-12-06T00:00:00Z",
      cwd: h.cwd,
      model: "demo-1",
      provider: "demo",
    });
    const options = harnessSessionOptions({
      id: "compact-file",
      baseUrl: h.server.baseUrl,
      home: h.home,
      cwd: h.cwd,
    });
    h.session = createSession({ ...options, checkpoints: true, historyStore: store });
  }
  for (const text of ["first message", "second message", "third message"]) {
    expect((await h.session.send(text)).ok).toBe(true);
  }
  const beforeCompact = [...h.session.history()];
  expect((await h.session.compact()).ok).toBe(true);
  expect((await h.session.send("after compact")).ok).toBe(true);
  return beforeCompact;
}

describe.each([
  ["with a session file", true],
  ["without one (in memory)", false],
])("/rewind after /compact, %s", (_, file) => {
  it("lists every message; going back to one before the compaction brings its conversation back", async () => {
    const beforeCompact = await compactedSession(file);
    const points = h.session.rewinds().points();
    expect(points.map((p) => [p.turn, p.message, p.compacted ?? false])).toEqual([
      [1, "first message", true],
      [2, "second message", true],
      [3, "third message", true],
      [4, "after compact", false],
    ]);
    const result = await h.session.rewinds().rewind(2, "conversation");
    expect(result.message).toBe("second message");
    // the history as it was before "second message": the first exchange, not the summary
    const second = beforeCompact.findIndex(
      (i) => i.type === "message" && messageText(i) === "second message",
    );
    expect(h.session.history()).toEqual(beforeCompact.slice(0, second));
    expect((await h.session.send("second, again")).ok).toBe(true);
    const sent = JSON.stringify(h.requests().at(-1)?.body);
    expect(sent).toContain("first message");
    expect(sent).not.toContain("third message");
    expect(
      h.session
        .rewinds()
        .points()
        .map((p) => [p.turn, p.message, p.compacted ?? false]),
    ).toEqual([
      [1, "first message", false],
      [2, "second, again", false],
    ]);
  });
});

describe("a resumed session", () => {
  it("rewinds past a compaction from its session file", async () => {
    const beforeCompact = await compactedSession(true);
    await h.session.close();
    const options = harnessSessionOptions({
      id: "compact-file",
      baseUrl: h.server.baseUrl,
      home: h.home,
      cwd: h.cwd,
    });
    other = resumedFrom(`${h.home}/sessions/compact-file.jsonl`, options);
    expect(
      other
        .rewinds()
        .points()
        .map((p) => p.message),
    ).toEqual(["first message", "second message", "third message", "after compact"]);
    await other.rewinds().rewind(1, "conversation");
    const first = beforeCompact.findIndex(
      (i) => i.type === "message" && messageText(i) === "first message",
    );
    expect(other.history()).toEqual(beforeCompact.slice(0, first));
  });
});
