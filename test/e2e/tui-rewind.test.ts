import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux, type Pane } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 29 part 1 in a real terminal: three turns write files; /rewind and Esc Esc put back
// the code, then the conversation (Esc Esc: edit a message), and the message returns to the composer.
describe.skipIf(!hasTmux)("TUI /rewind in tmux", () => {
  const tui = useTuiWorld();
  const file = (name: string) => join(tui.world.repo, name);
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", tui.world.repo, ...args], { encoding: "utf8" });

  async function turn(p: Pane, text: string, name: string) {
    p.type(text);
    await p.until(() => existsSync(file(name)), `${name} to be written`, 30_000);
    await p.until(() => p.idle(), "the turn to end", 30_000);
  }

  it("code only keeps a hand edit; Esc Esc then conversation puts the message back; both removes a later file", async () => {
    const p = tui.open(["-a", "never", "-s", "workspace-write"], 110, 40);
    await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
    const branches = git("branch", "--all");
    const stashes = git("stash", "list");
    await turn(p, "write a.txt: one", "a.txt");
    await turn(p, "write b.txt: two", "b.txt");
    await turn(p, "write c.txt: three", "c.txt");
    writeFileSync(file("b.txt"), "by hand\n");

    p.type("/rewind");
    await p.until(() => p.screen().includes("Rewind to before which message?"), "the list");
    expect(p.screen()).toContain("1. write a.txt: one");
    p.keys("Up", "Up", "Enter"); // in one write: 3 → 2 → 1
    await p.until(() => p.screen().includes("before message 1: what?"), "the modes");
    p.keys("Up", "Up", "Enter"); // both → conversation → code
    await p.until(() => p.screen().includes("kept b.txt"), "the rewound files", 30_000);
    expect(p.screen()).toContain("Undone since message 1");
    expect(existsSync(file("a.txt"))).toBe(false);
    expect(existsSync(file("c.txt"))).toBe(false);
    expect(readFileSync(file("b.txt"), "utf8")).toBe("by hand\n");

    // Esc Esc: edit a message (the last one highlighted; Up picks earlier): the conversation only
    p.keys("Escape");
    await p.until(() => p.screen().includes("Esc again to edit the previous message"), "the hint");
    p.keys("Escape");
    await p.until(() => p.screen().includes("Edit which message?"), "the list again");
    p.keys("Up", "Up", "Enter"); // in one write: 3 → 2 → 1
    await p.until(() => /│ ›\s+write a\.txt: one/.test(p.screen()), "the message in the composer");
    expect(p.screen()).toContain("Conversation rewound to before message 1");
    // the composer's text goes out as a new first message: the history holds nothing later
    p.keys("Enter");
    await p.until(() => existsSync(file("a.txt")), "a.txt written again", 30_000);
    const last = JSON.stringify(tui.server.requests.at(-2)?.body ?? {});
    expect(last).not.toContain("write c.txt: three");
    await p.until(() => p.idle(), "the turn to end", 30_000);
    await turn(p, "write c.txt: again", "c.txt");

    // both: the files and the conversation, to before the second message of this history
    p.type("/rewind");
    await p.until(() => p.screen().includes("2. write c.txt: again"), "the new list");
    p.keys("Enter"); // the last message is the one highlighted
    await p.until(() => p.screen().includes("before message 2: what?"), "the modes");
    p.keys("Enter"); // both
    await p.until(() => /│ ›\s+write c\.txt: again/.test(p.screen()), "the message back");
    expect(p.screen()).toContain("removed c.txt");
    expect(existsSync(file("c.txt"))).toBe(false);
    expect(readFileSync(file("a.txt"), "utf8")).toBe("one\n");
    expect(git("branch", "--all")).toBe(branches);
    expect(git("stash", "list")).toBe(stashes);
    expect(git("status", "--porcelain")).toBe("?? a.txt\n?? b.txt\n");
  }, 180_000);
});
