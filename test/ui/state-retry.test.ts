import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/session/events.js";
import type { RequestStarted } from "../../src/session/ledger/request-facts.js";
import { uiReducer } from "../../src/ui/controller/state.js";
import { initialState, type UiState } from "../../src/ui/controller/ui-state.js";

function play(events: SessionEvent[], state: UiState = initialState({ contextWindow: 1000 })) {
  return events.reduce((s, event) => uiReducer(s, { type: "session", event }), state);
}

const request = (seq: number, mode: RequestStarted["mode"]): RequestStarted => ({
  seq,
  turn: 1,
  transport: "ws",
  mode,
  reason: mode === "ws_full" ? "reconnected" : undefined,
  lane: "default",
  previousResponseIdPresent: mode === "ws_incremental",
  model: "m",
  itemsTotal: 5,
  itemsSent: 1,
  bytesSent: 10,
  warmup: false,
});

const lines = (state: UiState) =>
  state.entries.flatMap((e) =>
    e.kind === "agent" ? e.lines : e.kind === "notice" ? [`[${e.text}]`] : [],
  );

describe("uiReducer: a request sent again after its stream broke", () => {
  it("drops the half line, reasoning and previews of the broken response", () => {
    const broken = play([
      { type: "request_started", request: request(1, "ws_incremental") },
      { type: "reasoning_delta", itemId: "rs_1", delta: "Thinking" },
      { type: "text_delta", itemId: "msg_1", delta: "You said: hal" },
      {
        type: "tool",
        event: {
          type: "patch_preview",
          callId: "call_1",
          preview: { files: [], currentHunk: "", done: false },
        },
      },
      { type: "warning", message: "request failed, retrying" },
    ]);
    expect(broken.live.stream).toBeDefined();
    const resent = play([{ type: "request_started", request: request(2, "ws_full") }], broken);
    expect(resent.live.stream).toBeUndefined();
    expect(resent.live.reasoning).toBeUndefined();
    expect(resent.live.calls).toEqual({});
    expect(lines(resent)).toEqual(["[request failed, retrying]"]);
    expect(resent.status.last?.mode).toBe("ws_full");
  });

  it("says the lines already printed were cut off", () => {
    const resent = play([
      { type: "request_started", request: request(1, "ws_incremental") },
      { type: "text_delta", itemId: "msg_1", delta: "first line\nsecond li" },
      { type: "request_started", request: request(2, "ws_full") },
      { type: "text_delta", itemId: "msg_2", delta: "first line\nsecond line\n" },
    ]);
    expect(lines(resent)).toEqual([
      "first line",
      "[(cut off; sent again)]",
      "first line",
      "second line",
    ]);
  });

  it("keeps everything of a completed response when the next request starts", () => {
    const next = play([
      { type: "request_started", request: request(1, "ws_incremental") },
      { type: "text_delta", itemId: "msg_1", delta: "done" },
      {
        type: "item_completed",
        item: { type: "message", role: "assistant", id: "msg_1", content: [] },
      },
      { type: "request_started", request: request(2, "ws_incremental") },
    ]);
    expect(lines(next)).toEqual(["done"]);
  });
});
