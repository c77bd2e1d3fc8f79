import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 39 in a real terminal: a child's approval is asked in the parent's TUI naming the
// child, /agents lists it, the transcript and the exit summary give its answer and its bill.
const UNTRUSTED = ["-c", 'approval_policy="untrusted"'];

describe.skipIf(!hasTmux)("TUI in tmux: subagents", () => {
  const tui = useTuiWorld();

  it("a child's command is asked in the parent's TUI naming it; /agents lists it; the exit bills it", async () => {
    const p = tui.open([...UNTRUSTED, "spawn: run: touch child.txt"], 140, 40);
    await p.until(() => p.screen().includes("Subagent agent-1 asks:"), "the child's approval");
    expect(p.screen()).toContain("Run this command?");
    expect(p.screen()).toContain("touch child.txt");
    p.literal("y");
    await p.until(() => p.screen().includes("agent-1 (fork, completed)"), "the child's answer");
    await p.until(() => p.screen().includes("Subagents finished:"), "the parent's answer");
    await p.until(() => p.idle(), "the turn to end");
    expect(existsSync(join(tui.world.repo, "child.txt"))).toBe(true);

    p.type("/agents");
    await p.until(() => p.screen().includes("Subagents (1)"), "the /agents table");
    const lines = p.screen().split("\n");
    const table = lines.slice(lines.findIndex((line) => line.includes("Subagents (1)")));
    const row = table.find((line) => /agent-1\s+fork/.test(line));
    expect(row).toContain("completed");
    expect(row).toContain("warm");

    p.type("thanks");
    await p.until(() => p.screen().includes("You said: thanks"), "the next answer");
    await p.until(() => p.idle(), "the turn to end");
    p.keys("C-c");
    p.keys("C-c");
    await p.until(() => !p.alive(), "the TUI to leave");
    const after = p.joinedScreen();
    expect(after).toContain("Subagents:");
    expect(after).toMatch(/agent-1: \d+ requests?, input [\d,]+ \(cached [\d,]+, \d+%\)/);
    expect(after).toContain("warm starts: 1 of 1 subagent continued their parent's chain");
  }, 90_000);

  it("the status bar counts running children while they work, then the item goes; the next message is answered", async () => {
    // a slow child (30 parts): long enough to be seen running, however loaded the machine
    const p = tui.open(["spawn 2: demo:slow 30"], 160, 40);
    await p.until(() => /agents [12]\/2/.test(p.statusBar()), "the running children's item");
    await p.until(() => p.screen().includes("Subagents finished:"), "the parent's answer");
    await p.until(() => p.idle(), "the turn to end");
    expect(p.statusBar()).not.toContain("agents ");

    p.type("and now?");
    await p.until(() => p.screen().includes("You said: and now?"), "the next answer");
    await p.until(() => p.idle(), "the turn to end");
    p.keys("C-c");
    p.keys("C-c");
    await p.until(() => !p.alive(), "the TUI to leave");
  }, 90_000);
});
