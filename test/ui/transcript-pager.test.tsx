import type { Key } from "ink";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/session/events.js";
import type { ApprovalFileChange, ToolEvent } from "../../src/tools/types.js";
import { ApprovalPrompt } from "../../src/ui/approval-prompt.js";
import { uiReducer } from "../../src/ui/controller/state.js";
import type { PagerState } from "../../src/ui/controller/tui-state.js";
import { initialState, type UiState } from "../../src/ui/controller/ui-state.js";
import { EntryView } from "../../src/ui/transcript/entry-view.js";
import { pagerKey } from "../../src/ui/transcript/pager-keys.js";
import { NO_KEY } from "./controller-harness.js";
import { plain } from "./ink-helpers.js";

// Issue 26 item 8 (Ctrl+T shows everything) and 13 (an added file's header reads the same).
function play(events: ToolEvent[], state: UiState = initialState()) {
  return events.reduce(
    (s, event) => uiReducer(s, { type: "session", event: { type: "tool", event } as SessionEvent }),
    state,
  );
}

const KEY: Key = NO_KEY as Key;

const added: ApprovalFileChange = {
  path: "notes/new.txt",
  kind: "add",
  diff: "--- a/notes/new.txt\n+++ b/notes/new.txt\n@@ -0,0 +1,2 @@\n+hello pager\n+second line\n",
};

const output = Array.from({ length: 40 }, (_, i) => `output line ${i + 1}`).join("\n");
const LONG = `${"word ".repeat(30)}the-very-end`;

function commandFinished(callId: string, extra: Partial<ToolEvent>): ToolEvent {
  return {
    type: "command_finished",
    callId,
    command: "seq 40",
    exitCode: null,
    timedOut: false,
    aborted: false,
    aggregatedOutput: output,
    durationMs: 1000,
    ...extra,
  } as ToolEvent;
}

function opened(columns = 40, rows = 20): PagerState {
  const state = play([
    commandFinished("c1", { aborted: true }),
    commandFinished("c2", { timedOut: true, command: "sleep 99" }),
    { type: "patch_applied", callId: "p1", ok: true, changes: [added] } as ToolEvent,
  ]);
  const entries = [
    ...state.entries,
    { id: 99, kind: "notice" as const, level: "info" as const, text: LONG },
  ];
  const result = pagerKey(undefined, "t", { ...KEY, ctrl: true }, { entries, rows, columns });
  if (result === "none" || !result.pager) throw new Error("the pager did not open");
  return result.pager;
}

describe("the transcript pager shows everything", () => {
  it("command output whole, how an aborted or timed-out command ended, a patch's diff", () => {
    const lines = opened().lines;
    for (let i = 1; i <= 40; i++) expect(lines).toContain(`    output line ${i}`);
    expect(lines.join("\n")).not.toContain("exit -");
    expect(lines.some((line) => line.startsWith("$ seq 40  (aborted"))).toBe(true);
    expect(lines.some((line) => line.startsWith("$ sleep 99  (timed out"))).toBe(true);
    expect(lines).toContain("      +hello pager");
    expect(lines).toContain("      --- /dev/null");
  });

  it("long lines wrap to the width, nothing cut", () => {
    const lines = opened(40).lines;
    expect(lines.every((line) => line.length <= 40)).toBe(true);
    expect(lines.some((line) => line.includes("the-very-end"))).toBe(true);
  });

  it("g / Home go to the top, G / End to the bottom", () => {
    const pager = opened(40, 20);
    const page = 20 - 3;
    const context = { entries: [], rows: 20, columns: 40 };
    expect(pager.top).toBe(pager.lines.length - page);
    const top = pagerKey(pager, "g", KEY, context);
    expect(top !== "none" && top.pager?.top).toBe(0);
    const home = pagerKey(pager, "", { ...KEY, home: true }, context);
    expect(home !== "none" && home.pager?.top).toBe(0);
    const atTop = { ...pager, top: 0 };
    const bottom = pagerKey(atTop, "G", KEY, context);
    expect(bottom !== "none" && bottom.pager?.top).toBe(pager.lines.length - page);
    const end = pagerKey(atTop, "", { ...KEY, end: true }, context);
    expect(end !== "none" && end.pager?.top).toBe(pager.lines.length - page);
  });
});

describe("an added file's diff header", () => {
  it("reads the same in the approval and in the transcript after it applied", () => {
    const headers = (frame: string) =>
      frame
        .split("\n")
        .map((line) => line.replace(/^[│\s]+|[│\s]+$/g, ""))
        .filter((line) => /^(--- |\+\+\+ |add )/.test(line));
    const asked = plain(
      render(
        <ApprovalPrompt request={{ kind: "patch", callId: "p1", changes: [added] }} index={0} />,
      ).lastFrame(),
    );
    const state = play([{ type: "patch_applied", callId: "p1", ok: true, changes: [added] }]);
    const entry = state.entries.at(-1);
    if (!entry) throw new Error("no entry");
    const applied = plain(render(<EntryView entry={entry} width={80} />).lastFrame());
    expect(headers(asked)).toEqual([
      "add notes/new.txt +2 −0",
      "--- /dev/null",
      "+++ b/notes/new.txt",
    ]);
    expect(headers(applied)).toEqual(headers(asked));
  });
});
