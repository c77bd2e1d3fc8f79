import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, runCli } from "./helpers.js";
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
    // a slow child (30 parts): long enough to be seen running, however loaded the machine; one
    // at a time, so the other waits for its slot with nothing billed yet
    const p = tui.open(["-c", "agents.max_threads=1", "spawn 2: demo:slow 30"], 160, 40);
    await p.until(() => /agents 1\/2/.test(p.statusBar()), "the running children's item");
    p.type("/agents");
    await p.until(() => p.screen().includes("Subagents (2)"), "the /agents table");
    const waiting = p
      .screen()
      .split("\n")
      .find((line) => /^agent-2\s+fork\s/.test(line));
    // issue 46: a child with no request billed yet says so, not "no price"
    expect(waiting).toContain("nothing billed yet");
    expect(waiting).not.toContain("no price");
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

  it("a child resumed alone says whose child it is, hides its brief, and answers", async () => {
    const made = await runCli(
      [
        "exec",
        "--json",
        "-c",
        `openai_base_url="${tui.server.baseUrl}"`,
        "-C",
        tui.world.repo,
        "spawn: count the files",
      ],
      { env: tui.world.env() },
    );
    expect(made.code, made.stderr).toBe(0);
    const events = jsonLines(made.stdout);
    const parent = String(events.find((e) => e.type === "thread.started")?.thread_id);
    const child = events
      .map((e) => e.item as { tool?: string; receiver_thread_ids?: string[] } | undefined)
      .find((item) => item?.tool === "spawn_agent")?.receiver_thread_ids?.[0];
    const p = tui.open(["resume", String(child)], 120, 40);
    await p.until(() => p.screen().includes(`Resumed session ${child}`), "the resumed child");
    const screen = p.screen().replace(/\s+/g, " ");
    expect(screen).toContain(`It is agent-1, a subagent of ${parent} (“spawn: count the files”).`);
    expect(screen).not.toContain("You are a subagent");
    expect(screen).toContain("You said: count the files");
    p.type("and now?");
    await p.until(() => p.screen().includes("You said: and now?"), "the follow-up's answer");
    await p.until(() => p.idle(), "the turn to end");
    p.keys("C-c");
    p.keys("C-c");
    await p.until(() => !p.alive(), "the TUI to leave");
  }, 90_000);
});
