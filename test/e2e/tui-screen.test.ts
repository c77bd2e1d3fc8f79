import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux, type Pane } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 26, the screen: the pager shows everything (8), the approval's feedback field takes a
// chunk ending in Enter (10), no blank rows under the status bar after a picker (11), Esc Esc
// edits the last message and Ctrl+R searches earlier ones (12), /diff shows untracked files (13),
// a steer waits below the transcript and lands after the answer; /compact says so once (9).
describe.skipIf(!hasTmux)("the TUI's screen (tmux, demo server)", () => {
  const tui = useTuiWorld();
  const shows = (p: Pane, text: string) => () => p.screen().includes(text);
  const idle = (p: Pane) => () => p.statusBar() !== "" && p.idle();

  async function say(p: Pane, text: string, answer: string) {
    p.type(text);
    await p.until(shows(p, answer), answer, 30_000);
    await p.until(idle(p), "the turn to end", 30_000);
  }

  it("Ctrl+T: whole command output, a patch's diff, long lines wrapped, g and G", async () => {
    const p = tui.open(["-a", "never", "-s", "workspace-write"], 80, 30);
    await p.until(shows(p, "/help for commands"), "the TUI to start");
    await say(p, "write notes/paged.txt: hello pager", "Applied patch");
    await say(p, "run: seq 101 130", "Ran the command");
    await say(p, `${"wide ".repeat(30)}the-far-end`, "You said:");
    p.keys("C-t");
    await p.until(shows(p, " Transcript · lines"), "the pager");
    p.literal("g");
    await p.until(shows(p, " Transcript · lines 1-"), "the top");
    const find = async (text: string) => {
      p.literal(`/${text}`);
      p.keys("Enter");
      await p.until(shows(p, `"${text}" at line`), `"${text}" found`);
    };
    await find("    117"); // the middle of the output, cut in the transcript
    await find("+hello pager"); // the patch's diff
    await find("the-far-end"); // the end of a long line: wrapped, not cut
    const rows = p.screen().split("\n");
    expect(rows.some((row) => row.includes("the-far-end"))).toBe(true);
    p.literal("G");
    await p.until(() => /Transcript · lines \d+-(\d+) of \1 /.test(p.screen()), "the end");
    p.keys("Escape");
    await p.until(() => !p.screen().includes(" Transcript · lines"), "the pager to close");
  }, 120_000);

  it("Ctrl+R finds an earlier message; Esc Esc puts the last one back for editing; /diff shows an untracked file", async () => {
    const p = tui.open(["-a", "never", "-s", "workspace-write"], 100, 30);
    await p.until(shows(p, "/help for commands"), "the TUI to start");
    await say(p, "alpha one", "You said: alpha one");
    await say(p, "beta two", "You said: beta two");
    p.keys("C-r");
    p.literal("alp");
    await p.until(shows(p, "reverse-i-search"), "the search");
    await p.until(() => /│ ›\s+alpha one/.test(p.screen()), "the match in the composer");
    p.keys("Escape");
    await p.until(() => !p.screen().includes("reverse-i-search"), "the search to close");
    p.keys("C-u", "Escape");
    await p.until(shows(p, "Esc again to edit the previous message"), "the hint");
    p.keys("Escape");
    await p.until(shows(p, "Edit which message?"), "the list");
    p.keys("Enter");
    await p.until(() => /│ ›\s+beta two/.test(p.screen()), "the last message in the composer");
    expect(p.screen()).toContain("Conversation rewound to before message 2");
    p.keys("C-u");

    writeFileSync(join(tui.world.repo, "fresh.txt"), "brand new line\n");
    p.type("/diff");
    await p.until(shows(p, "+brand new line"), "the untracked file as an addition");
    expect(p.screen()).toContain("--- /dev/null");
  }, 120_000);

  it("the feedback field takes text and Enter in one chunk; no blank rows under the status bar after", async () => {
    const p = tui.open(["-a", "untrusted", "-s", "workspace-write"], 100, 24);
    await p.until(shows(p, "/help for commands"), "the TUI to start");
    for (let i = 1; i <= 4; i++) await say(p, `filler ${i}`, `You said: filler ${i}`);
    p.type("run: touch made-here.txt");
    await p.until(shows(p, "[f]"), "the approval");
    p.literal("f");
    await p.until(shows(p, "What should the model do differently?"), "the feedback field");
    p.literal("use a scratch folder instead\r");
    await p.until(idle(p), "the turn to end", 30_000);
    const sent = JSON.stringify(tui.server.requests.map((r) => r.body));
    expect(sent).toContain("use a scratch folder instead");

    // a picker's rows are given back to the screen: the status bar stays on the last rows
    p.type("/effort");
    await p.until(shows(p, "↑↓ choose"), "the picker");
    p.keys("Escape");
    // Ink first draws the closed state (the rows it gave up blank under the bar), then the
    // transcript is printed again: wait for that screen, not the first one without the picker
    const barRow = (rows: string[]) =>
      rows.findLastIndex((row) => /ws_|http_full|no request yet/.test(row));
    // (the bar on the last row, or a hint under it; blank rows left under it time this out)
    await p.until(() => {
      const rows = p.screen().split("\n");
      return !rows.some((row) => row.includes("↑↓ choose")) && barRow(rows) >= 24 - 2;
    }, "the picker to close and the status bar to be on the last rows");
  }, 120_000);

  it("a steer waits below the transcript, then shows after the answer it interrupted; /compact says so once", async () => {
    const p = tui.open(["-a", "never"], 100, 40);
    await p.until(shows(p, "/help for commands"), "the TUI to start");
    // 30 parts 200 ms apart: 5 s for the steer to be typed and shown while the answer still
    // streams (12 left 2 s, which a loaded machine's tmux round trips can use up)
    p.type("demo:slow 30");
    await p.until(shows(p, "Slow part 2."), "the slow answer to stream");
    p.type("steer zebra");
    // while the turn runs, the steer sits in the pending area, below the streaming answer
    let during = "";
    await p.until(() => {
      during = p.screen();
      return during.includes("↳ steer (with the next request) › steer zebra");
    }, "the pending steer");
    const live = during.split("\n");
    const pending = live.findIndex((row) => row.includes("↳ steer"));
    expect(pending).toBeGreaterThan(live.findLastIndex((row) => row.includes("Slow part")));
    expect(live.filter((row) => row.includes("steer zebra"))).toHaveLength(1); // not yet above
    await p.until(shows(p, "You said: steer zebra"), "the steer's answer", 30_000);
    await p.until(idle(p), "the turn to end", 30_000);
    const rows = p.screen().split("\n");
    const answer = rows.findLastIndex((row) => row.includes("Slow part 30."));
    const steer = rows.findIndex((row) => row.includes("steer zebra"));
    const reply = rows.findIndex((row) => row.includes("You said: steer zebra"));
    expect(answer).toBeGreaterThanOrEqual(0);
    expect(steer).toBeGreaterThan(answer); // after the answer it interrupted, not above it
    expect(reply).toBeGreaterThan(steer);
    expect(p.screen()).not.toContain("↳ steer");

    p.type("/compact");
    await p.until(shows(p, "Context compacted"), "the compaction notice", 30_000);
    await p.until(idle(p), "the compaction to end", 30_000);
    const after = p.screen().split("\n");
    // once (not also a line of the command's own), and below the whole summary
    expect(after.filter((row) => /compacted/i.test(row))).toHaveLength(1);
    const notice = after.findIndex((row) => row.includes("Context compacted"));
    const summary = after.findIndex((row) => row.includes("The user asked:"));
    const summaryEnd = after.findLastIndex((row) => row.includes("• steer zebra"));
    expect(summary).toBeGreaterThan(0);
    expect(notice).toBeGreaterThan(summaryEnd);
    expect(summaryEnd).toBeGreaterThan(summary);
  }, 60_000);
});
