import { describe, expect, it } from "vitest";
import type { ResponseItem } from "../../src/protocol/items.js";
import type { ToolOutput } from "../../src/protocol/tool-output.js";
import type { SessionEvent } from "../../src/session/events.js";
import { uiReducer } from "../../src/ui/controller/state.js";
import { initialState } from "../../src/ui/controller/ui-state.js";
import { historyEntries } from "../../src/ui/model/history-entries.js";
import { IMAGE_REFUSED, IMAGE_VIEWED, PNG, PNG_DATA_URL } from "../tools/images.js";

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
    /** A whole view_image call as the session reports it, and the entries it leaves. */
    const entriesOf = (event: typeof IMAGE_VIEWED, output: ToolOutput) =>
      play([
        { type: "tool_call_started", callId: event.callId, name: "view_image", kind: "function" },
        { type: "tool", event },
        { type: "tool_call_finished", callId: event.callId, name: "view_image", output },
      ]).entries.map(({ id: _id, ...entry }) => entry);
    expect(entriesOf(IMAGE_VIEWED, [{ type: "input_image", image_url: PNG_DATA_URL }])).toEqual([
      {
        kind: "notice",
        level: "info",
        text: `Viewed [image: a.png, image/png, ${PNG.length} bytes]`,
      },
    ]);
    expect(entriesOf(IMAGE_REFUSED, "view_image: x.png: no such file")).toEqual([
      { kind: "notice", level: "warning", text: "view_image: x.png: no such file" },
    ]);
  });

  it("resumed: the same lines from the saved history", () => {
    const entries = historyEntries([
      call("c1"),
      {
        type: "function_call_output",
        call_id: "c1",
        output: [{ type: "input_image", image_url: PNG_DATA_URL }],
      },
      call("c2"),
      {
        type: "function_call_output",
        call_id: "c2",
        output: "view_image: shots/a.png: no such file",
      },
    ]);
    expect(entries).toEqual([
      {
        kind: "notice",
        level: "info",
        text: `Viewed [image: a.png, image/png, ${PNG.length} bytes]`,
      },
      { kind: "notice", level: "warning", text: "view_image: shots/a.png: no such file" },
    ]);
  });
});
