import { readdirSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { listSessions } from "../../src/session/store/session-list.js";
import { historyEntries } from "../../src/ui/model/history-entries.js";
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

  it("each child is saved apart as Codex saves a spawned thread: its own file naming its parent, listed under it, resumable alone", async () => {
    const env = suite.world.env();
    const run = await runCli(["exec", "--json", ...suite.against(), "spawn 2: say hi"], { env });
    expect(run.code).toBe(0);
    const thread = (jsonLines(run.stdout)[0] as { thread_id?: string }).thread_id ?? "";
    const children = jsonLines(run.stdout)
      .filter((event) => event.type === "item.completed")
      .map((event) => event.item as Item)
      .filter((item) => item.type === "collab_tool_call" && item.tool === "spawn_agent")
      .map((item) => (item.receiver_thread_ids as string[])[0] as string);
    expect(children.length).toBe(2);

    // its own session file: the Codex rollout's source, the parent's cache key, its conversation
    const sessions = join(suite.world.home, "sessions");
    const child = readSessionFile(join(sessions, `${children[0]}.jsonl`));
    expect(child.meta.source).toEqual({
      subagent: { thread_spawn: { parent_thread_id: thread, depth: 1, agent_nickname: "agent-1" } },
    });
    const parent = readSessionFile(join(sessions, `${thread}.jsonl`));
    expect(child.meta.prompt_cache_key).toBe(parent.meta.prompt_cache_key ?? thread);
    const said = JSON.stringify(child.history);
    expect(said).toContain("say hi");
    expect(said).toContain("You said: say hi");

    // the resume list puts both children right under their parent, marked
    const listed = listSessions(suite.world.home);
    const at = listed.findIndex((session) => session.id === thread);
    expect(listed.slice(at + 1, at + 3).map((session) => session.spawnedBy?.id)).toEqual([
      thread,
      thread,
    ]);
    expect(listed.slice(at + 1, at + 3).map((session) => session.firstMessage)).toEqual([
      "say hi",
      "say hi",
    ]);

    // `resume --last` is the parent, not a child written after it
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(sessions, `${children[1]}.jsonl`), later, later);
    const last = await runCli(["exec", ...suite.against(), "resume", "--last", "who?"], { env });
    expect(last.code).toBe(0);
    expect(readSessionFile(join(sessions, `${thread}.jsonl`)).history.length).toBeGreaterThan(
      parent.history.length,
    );

    // a child resumed alone answers a follow-up and keeps it in its own file
    const again = await runCli(
      ["exec", ...suite.against(), "resume", children[0] as string, "and now?"],
      { env },
    );
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe("You said: and now?");
    const after = readSessionFile(join(sessions, `${children[0]}.jsonl`));
    expect(JSON.stringify(after.history)).toContain("and now?");
  });
});
