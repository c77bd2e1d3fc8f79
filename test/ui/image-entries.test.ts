import { describe, expect, it } from "vitest";
import type { ResponseItem } from "../../src/protocol/items.js";
import type { SessionEvent } from "../../src/session/events.js";
import { historyEntries } from "../../src/ui/history-entries.js";
import { initialState, uiReducer } from "../../src/ui/state.js";

const IMAGE_URL = `data:image/png;base64,${Buffer.alloc(70).toString("base64")}`;

function play(events: SessionEvent[]) {
  return events.reduce(
    (s, event) => uiReducer(s, { type: "session", event }),
    initialState({ contextWindow: 1000 }),
  );
}

const call = (id: string): ResponseItem => ({
  type: "function_call",
  name: "view_image",
  call_id: id,
  arguments: JSON.stringify({ path: "shots/a.png" }),
});

describe("the TUI shows a viewed image by its label, never its bytes", () => {
  it("live: one info line when sent, the error as a warning when not", () => {
    const viewed = play([
      { type: "tool_call_started", callId: "c1", name: "view_image", kind: "function" },
      {
        type: "tool",
        event: {
          type: "image_viewed",
          callId: "c1",
          path: "shots/a.png",
          image: { mediaType: "image/png", bytes: 70 },
        },
      },
      {
        type: "tool_call_finished",
        callId: "c1",
        name: "view_image",
        output: [{ type: "input_image", image_url: IMAGE_URL }],
      },
    ]);
    expect(viewed.entries.map(({ id: _id, ...entry }) => entry)).toEqual([
      { kind: "notice", level: "info", text: "Viewed [image: a.png, image/png, 70 bytes]" },
    ]);
    const failed = play([
      { type: "tool_call_started", callId: "c2", name: "view_image", kind: "function" },
      {
        type: "tool",
        event: {
          type: "image_viewed",
          callId: "c2",
          path: "x.png",
          error: "view_image: x.png: no such file",
        },
      },
      {
        type: "tool_call_finished",
        callId: "c2",
        name: "view_image",
        output: "view_image: x.png: no such file",
      },
    ]);
    expect(failed.entries.map(({ id: _id, ...entry }) => entry)).toEqual([
      { kind: "notice", level: "warning", text: "view_image: x.png: no such file" },
    ]);
  });

  it("resumed: the same lines from the saved history", () => {
    const entries = historyEntries([
      call("c1"),
      {
        type: "function_call_output",
        call_id: "c1",
        output: [{ type: "input_image", image_url: IMAGE_URL }],
      },
      call("c2"),
      {
        type: "function_call_output",
        call_id: "c2",
        output: "view_image: shots/a.png: no such file",
      },
    ]);
    expect(entries).toEqual([
      { kind: "notice", level: "info", text: "Viewed [image: a.png, image/png, 70 bytes]" },
      { kind: "notice", level: "warning", text: "view_image: shots/a.png: no such file" },
    ]);
  });
});
