import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/session/events.js";
import { type UiAction, uiReducer } from "../../src/ui/controller/state.js";
import { initialState, type UiState } from "../../src/ui/controller/ui-state.js";

function run(actions: UiAction[], state: UiState = initialState()) {
  return actions.reduce(uiReducer, state);
}
const session = (event: SessionEvent): UiAction => ({ type: "session", event });

const shown = (state: UiState) =>
  state.entries.map((e) =>
    e.kind === "notice"
      ? `${e.level}: ${e.text}`
      : e.kind === "patch"
        ? `patch ok=${e.ok}`
        : e.kind,
  );

describe("uiReducer: denied calls", () => {
  const change = { path: "big.txt", kind: "add" as const, diff: "+1\n" };

  it("a denied patch is one line, not also a failed patch with its diff", () => {
    const state = run([
      session({ type: "tool_call_started", callId: "p1", name: "apply_patch", kind: "custom" }),
      { type: "call_denied", callId: "p1" },
      { type: "append", entries: [{ kind: "notice", level: "warning", text: "Denied: patch" }] },
      session({
        type: "tool",
        event: {
          type: "patch_applied",
          callId: "p1",
          ok: false,
          changes: [change],
          error: "denied by user",
        },
      }),
      session({ type: "tool_call_finished", callId: "p1", name: "apply_patch", output: "denied" }),
    ]);
    expect(shown(state)).toEqual(["warning: Denied: patch"]);
  });

  it("a patch that fails on its own still shows why, with its diff", () => {
    const state = run([
      session({ type: "tool_call_started", callId: "p2", name: "apply_patch", kind: "custom" }),
      session({
        type: "tool",
        event: {
          type: "patch_applied",
          callId: "p2",
          ok: false,
          changes: [change],
          error: "no match",
        },
      }),
    ]);
    expect(shown(state)).toEqual(["patch ok=false"]);
  });
});
