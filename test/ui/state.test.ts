import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/session/events.js";
import { uiReducer } from "../../src/ui/controller/state.js";
import { initialState, type UiState } from "../../src/ui/controller/ui-state.js";
import { lineText } from "../../src/ui/model/stream-text.js";
import type { TranscriptEntry } from "../../src/ui/model/transcript-entries.js";

function play(events: SessionEvent[], state: UiState = initialState({ contextWindow: 1000 })) {
  return events.reduce((s, event) => uiReducer(s, { type: "session", event }), state);
}

const agentText = (entries: TranscriptEntry[]) =>
  entries.flatMap((e) => (e.kind === "agent" ? e.lines : [])).join("\n");

describe("uiReducer: streamed text", () => {
  it("moves complete lines to the transcript and keeps only the open line live", () => {
    const state = play([
      { type: "text_delta", itemId: "m", delta: "first li" },
      { type: "text_delta", itemId: "m", delta: "ne\nsecond" },
    ]);
    expect(agentText(state.entries)).toBe("first line");
    expect(lineText(state.live.stream?.open ?? { chunks: [], length: 0 })).toBe("second");
    const done = play(
      [
        {
          type: "item_completed",
          item: { type: "message", role: "assistant", id: "m", content: [] },
        },
      ],
      state,
    );
    expect(agentText(done.entries)).toBe("first line\nsecond");
    expect(done.live.stream).toBeUndefined();
  });

  it("reassembles any split of the text exactly", () => {
    const text = "# Title\n\nSome `code` here.\n```\nblock\n```\nlast line without newline";
    for (const size of [1, 2, 3, 7, 20, 1000]) {
      const deltas: SessionEvent[] = [];
      for (let i = 0; i < text.length; i += size) {
        deltas.push({ type: "text_delta", itemId: "m", delta: text.slice(i, i + size) });
      }
      const state = play([...deltas, { type: "turn_completed", turn: 1, usage: zeroUsage }]);
      expect(agentText(state.entries)).toBe(text);
    }
  });

  it("keeps an endless line live in a bounded number of chunks, then commits it whole", () => {
    const word = "lorem ipsum ";
    let state = initialState();
    for (let i = 0; i < 5000; i++) {
      state = uiReducer(state, {
        type: "session",
        event: { type: "text_delta", itemId: "m", delta: word },
      });
      expect(state.live.stream?.open.chunks.length ?? 0).toBeLessThanOrEqual(64);
    }
    expect(state.entries).toEqual([]);
    state = play([{ type: "turn_completed", turn: 1, usage: zeroUsage }], state);
    expect(agentText(state.entries)).toBe(word.repeat(5000));
  });

  it("renders an answer that arrives without deltas from the completed item", () => {
    const state = play([
      {
        type: "item_completed",
        item: {
          type: "message",
          role: "assistant",
          id: "m",
          content: [{ type: "output_text", text: "whole answer\nline two" }],
        },
      },
    ]);
    expect(agentText(state.entries)).toBe("whole answer\nline two");
  });
});

const zeroUsage = { input_tokens: 0, cached_tokens: 0, output_tokens: 0, reasoning_tokens: 0 };

describe("uiReducer: requests and settings", () => {
  const started = {
    seq: 1,
    turn: 1,
    transport: "ws" as const,
    mode: "ws_full" as const,
    reason: "properties_changed:reasoning",
    lane: "default",
    previousResponseIdPresent: false,
    model: "m",
    itemsTotal: 5,
    itemsSent: 5,
    bytesSent: 10,
    warmup: false,
  };

  it("keeps the next-request preview until a real request is sent", () => {
    let state = play([
      {
        type: "settings_changed",
        model: "m",
        effort: "high",
        next: { mode: "full", reason: "properties_changed:reasoning" },
      },
    ]);
    expect(state.status.next?.mode).toBe("full");
    expect(state.status.effort).toBe("high");
    state = play([{ type: "request_started", request: { ...started, warmup: true } }], state);
    expect(state.status.next?.mode).toBe("full");
    state = play([{ type: "request_started", request: started }], state);
    expect(state.status.next).toBeUndefined();
    expect(state.status.last).toEqual({
      mode: "ws_full",
      reason: "properties_changed:reasoning",
      prev: false,
      warmup: false,
    });
  });

  it("takes usage only from completed responses", () => {
    const usage = { input_tokens: 100, cached_tokens: 50, output_tokens: 5, reasoning_tokens: 0 };
    const state = play([
      {
        type: "request_finished",
        request: { ...started, outcome: "completed", msTotal: 1, usage },
      },
      {
        type: "request_finished",
        request: { ...started, outcome: "dropped", msTotal: 1, usage: zeroUsage },
      },
    ]);
    expect(state.status.usage).toEqual(usage);
  });

  it("ends a failed turn with a message and a clear live region", () => {
    const state = play([
      { type: "turn_started", turn: 1 },
      { type: "text_delta", itemId: "m", delta: "partial" },
      { type: "tool_call_started", callId: "c", name: "shell_command", kind: "function" },
      { type: "turn_failed", turn: 1, message: "demo failure requested", aborted: false },
    ]);
    expect(state.status.busy).toBe(false);
    expect(state.live.calls).toEqual({});
    expect(state.live.stream).toBeUndefined();
    expect(state.entries.at(-1)).toMatchObject({
      kind: "notice",
      level: "error",
      text: "demo failure requested",
    });
    expect(agentText(state.entries)).toBe("partial");
  });
});

describe("uiReducer: tools", () => {
  it("collapses long command output to head, count and tail", () => {
    const output = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join("\n");
    const state = play([
      { type: "tool_call_started", callId: "c", name: "shell_command", kind: "function" },
      {
        type: "tool",
        event: { type: "command_started", callId: "c", command: "seq 50", workdir: "/" },
      },
      {
        type: "tool",
        event: { type: "command_output", callId: "c", stream: "stdout", chunk: output },
      },
    ]);
    expect(state.live.calls.c?.command?.outputTail).toBe("line 47\nline 48\nline 49\nline 50");
    const done = play(
      [
        {
          type: "tool",
          event: {
            type: "command_finished",
            callId: "c",
            command: "seq 50",
            exitCode: 0,
            timedOut: false,
            aborted: false,
            aggregatedOutput: `${output}\n`,
            durationMs: 3,
          },
        },
        { type: "tool_call_finished", callId: "c", name: "shell_command", output: "Exit code: 0" },
      ],
      state,
    );
    expect(done.live.calls).toEqual({});
    expect(done.entries.at(-1)).toMatchObject({
      kind: "command",
      head: ["line 1", "line 2"],
      hidden: 45,
      tail: ["line 48", "line 49", "line 50"],
    });
  });

  it("reports a call that never ran (denied) in one line", () => {
    const state = play([
      { type: "tool_call_started", callId: "c", name: "shell_command", kind: "function" },
      { type: "tool_call_finished", callId: "c", name: "shell_command", output: "denied by user" },
    ]);
    expect(state.entries.at(-1)).toMatchObject({
      kind: "notice",
      text: "shell_command: denied by user",
    });
  });

  it("replaces the patch preview with the applied change", () => {
    const preview = {
      files: [{ path: "a.txt", kind: "add" as const, linesAdded: 2, linesRemoved: 0 }],
      currentHunk: "",
      done: true,
    };
    const state = play([
      { type: "tool_call_started", callId: "p", name: "apply_patch", kind: "custom" },
      { type: "tool", event: { type: "patch_preview", callId: "p", preview } },
    ]);
    expect(state.live.calls.p?.patch).toEqual(preview);
    const applied = play(
      [
        {
          type: "tool",
          event: {
            type: "patch_applied",
            callId: "p",
            ok: true,
            changes: [{ path: "a.txt", kind: "add" }],
          },
        },
      ],
      state,
    );
    expect(applied.live.calls.p?.patch).toBeUndefined();
    expect(applied.entries.at(-1)).toMatchObject({ kind: "patch", ok: true });
  });
});

describe("uiReducer: reasoning", () => {
  it("puts the reasoning summary before the answer even though its item completes after", () => {
    const state = play([
      { type: "reasoning_delta", itemId: "rs_1", delta: "Thinking about " },
      { type: "reasoning_delta", itemId: "rs_1", delta: "the answer." },
      { type: "text_delta", itemId: "msg_1", delta: "The answer.\n" },
      {
        type: "item_completed",
        item: {
          type: "reasoning",
          id: "rs_1",
          summary: [{ type: "summary_text", text: "Thinking about the answer." }],
        },
      },
      {
        type: "item_completed",
        item: { type: "message", role: "assistant", id: "msg_1", content: [] },
      },
    ]);
    expect(state.entries.map((e) => e.kind)).toEqual(["reasoning", "agent"]);
    expect(state.entries[0]).toMatchObject({ text: "Thinking about the answer." });
  });
});

describe("uiReducer: patch preview before the call is announced", () => {
  it("keeps the preview that streamed in before tool_call_started", () => {
    const preview = {
      files: [{ path: "docs/new.md", kind: "add" as const, linesAdded: 1, linesRemoved: 0 }],
      currentHunk: "",
      done: true,
    };
    const state = play([
      { type: "tool", event: { type: "patch_preview", callId: "p", preview } },
      { type: "tool_call_started", callId: "p", name: "apply_patch", kind: "custom" },
    ]);
    expect(state.live.calls.p).toMatchObject({ name: "apply_patch", patch: preview });
  });
});

describe("uiReducer: next-request preview from the session", () => {
  it("shows a coming full request unless the last one was full for the same reason", () => {
    const base = initialState();
    const full = { mode: "full" as const, reason: "epoch_reset:compact" };
    expect(uiReducer(base, { type: "next_preview", next: full }).status.next).toEqual(full);
    expect(
      uiReducer(base, { type: "next_preview", next: { mode: "incremental" } }).status.next,
    ).toBeUndefined();
    const overHttp = {
      ...base,
      status: {
        ...base.status,
        last: { mode: "http_full" as const, reason: "transport_http", prev: false, warmup: false },
      },
    };
    expect(
      uiReducer(overHttp, {
        type: "next_preview",
        next: { mode: "full", reason: "transport_http" },
      }).status.next,
    ).toBeUndefined();
  });
});
