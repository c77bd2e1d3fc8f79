import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSessionFile } from "../../src/session/session-file-read.js";
import { historyEntries } from "../../src/ui/transcript/history-entries.js";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

type Item = { type: string; tool?: string; status?: string; prompt?: string | null } & Record<
  string,
  unknown
>;

describe("subagents through exec (issue 39, items 4 and 5)", () => {
  it("exec --json reports each subagent call as a collab_tool_call item with the agents' states; the ledger bills each child; a resume shows their answers", async () => {
    const env = suite.world.env();
    const run = await runCli(["exec", "--json", ...suite.against(), "spawn 2: say hi"], { env });
    expect(run.code).toBe(0);
    const events = jsonLines(run.stdout);
    const thread = (events[0] as { thread_id?: string }).thread_id ?? "";
    const completed = events
      .filter((event) => event.type === "item.completed")
      .map((event) => event.item as Item);
    const spawns = completed.filter(
      (item) => item.type === "collab_tool_call" && item.tool === "spawn_agent",
    );
    expect(spawns.length).toBe(2);
    for (const spawn of spawns) {
      expect(spawn).toMatchObject({
        status: "completed",
        prompt: "say hi",
        sender_thread_id: thread,
      });
      expect((spawn.receiver_thread_ids as string[]).length).toBe(1);
    }
    const waits = completed.filter(
      (item) => item.type === "collab_tool_call" && item.tool === "wait",
    );
    const states = Object.assign({}, ...waits.map((wait) => wait.agents_states as object));
    const children = spawns.map((spawn) => (spawn.receiver_thread_ids as string[])[0] as string);
    for (const id of children) {
      expect(states[id]).toEqual({ status: "completed", message: "You said: say hi" });
    }
    const final = completed.filter((item) => item.type === "agent_message").at(-1);
    expect(final?.text).toContain("- agent-1: You said: say hi");

    // mini-codex ledger: a bill per child, and what the warm starts saved
    const ledger = await runCli(["ledger", thread], { env });
    expect(ledger.code).toBe(0);
    expect(ledger.stdout).toContain("subagents:");
    expect(ledger.stdout).toMatch(
      /agent-1: 1 request, input [\d,]+ \(cached [\d,]+, \d+%\).*warm start/,
    );
    expect(ledger.stdout).toContain("warm starts: 2 of 2 subagents continued their parent's chain");

    // resume: the transcript shows what the children answered
    const sessions = join(suite.world.home, "sessions");
    const file = readdirSync(sessions).find(
      (name) => name.startsWith(thread) && !name.endsWith(".ledger.jsonl"),
    );
    const saved = readSessionFile(join(sessions, file ?? ""));
    const shown = historyEntries(saved.history).map((entry) => ("text" in entry ? entry.text : ""));
    expect(shown).toContain("agent-1 started: say hi");
    expect(shown).toContain("agent-1 (completed): You said: say hi");
    expect(shown).toContain("agent-2 (completed): You said: say hi");
    const again = await runCli(["exec", ...suite.against(), "resume", thread, "and now?"], { env });
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe("You said: and now?");
  });
});
