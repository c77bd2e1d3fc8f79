import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/session/events.js";
import type { AgentStatus, AgentView } from "../../src/session/ledger/agent-view.js";
import { type Harness, startHarness } from "../session/harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const LONG_INSTRUCTIONS =
  "You are the test agent. Answer briefly and run what you are asked to.\n".repeat(80);

const updates = (events: SessionEvent[]): AgentView[] =>
  events.flatMap((event) => (event.type === "agent_update" ? [event.agent] : []));

/** Resolves once `test` holds for the events seen so far (hang guard: vitest's timeout). */
async function until(events: SessionEvent[], test: () => boolean): Promise<void> {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 20));
  void events;
}

describe("subagents with limits (issue 39, items 1 and 2)", () => {
  it("a fork with another effort is a full request, priced before it runs and billed near that", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      settings: { model: "gpt-5.5", effort: "low" },
      agents: { maxThreads: 4, maxDepth: 1 },
    });
    const result = await h.session.send("spawn effort=high: say hi");
    expect(result.ok).toBe(true);
    const row = h.ledger().find((r) => r.agent !== null);
    expect(row).toMatchObject({
      mode: "ws_full",
      reason: "properties_changed:reasoning",
      effort: "high",
    });
    expect(row?.cost_usd).toBeGreaterThan(0);
    // the forecast came with its first update, before any request of it
    const first = updates(h.events)[0];
    expect(first?.status).toBe("pending_init");
    expect(first?.forecast).toMatchObject({ mode: "full", reason: "properties_changed:reasoning" });
    const predicted = first?.forecast?.figures.usd ?? 0;
    const billed = row?.cost_usd ?? 0;
    expect(Math.abs(predicted - billed)).toBeLessThanOrEqual(0.05 * billed);
    // and the model was told in the spawn's output
    const said = JSON.stringify(h.session.history());
    expect(said).toContain("first_request");
    expect(said).toContain("properties_changed:reasoning");
  });

  it("four children run at once and finish; a fifth waits for a free slot, then runs", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      agents: { maxThreads: 4, maxDepth: 1 },
    });
    const running = new Set<string>();
    let most = 0;
    let fifthWaitedFor = -1;
    h.session.subscribe((event) => {
      if (event.type !== "agent_update") return;
      const { name, status } = event.agent;
      if (status === "running") running.add(name);
      else running.delete(name);
      most = Math.max(most, running.size);
      if (name === "agent-5" && status === "pending_init") fifthWaitedFor = running.size;
    });
    const result = await h.session.send("spawn 5: demo:slow 3");
    expect(result.ok).toBe(true);
    expect(most).toBe(4);
    expect(fifthWaitedFor).toBe(4);
    const finals = new Map<string, AgentStatus>();
    for (const view of updates(h.events)) finals.set(view.name, view.status);
    expect([...finals.values()]).toEqual(Array(5).fill("completed"));
    for (let n = 1; n <= 5; n++) expect(result.lastMessage).toContain(`- agent-${n}: Slow part 1.`);
    // the four forked warm; the fifth started after the parent had gone on (its wait_agent
    // request completed), so its fork point was no longer the lane's latest: full, and why
    const firsts = new Map<string, { mode: string; reason: string | null }>();
    for (const r of h.ledger())
      if (r.agent && !firsts.has(r.agent.name)) firsts.set(r.agent.name, r);
    for (let n = 1; n <= 4; n++) expect(firsts.get(`agent-${n}`)?.mode).toBe("ws_incremental");
    expect(firsts.get("agent-5")).toMatchObject({ mode: "ws_full", reason: "fork_parent_moved" });
  });

  it("the budget stops a sixth child with a message the model acts on", async () => {
    // what one fork of this conversation costs (billed, or predicted before it ran: the budget
    // holds the prediction until the bill comes), measured on a first session without a budget
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      agents: { maxThreads: 4, maxDepth: 1 },
    });
    await h.session.send("spawn 6: say hi");
    const children = h.ledger().filter((r) => r.agent !== null);
    expect(new Set(children.map((r) => r.agent?.id)).size).toBe(6);
    const perChild = Math.max(
      ...children.map((r) => (r.usage?.input_tokens ?? 0) + (r.usage?.output_tokens ?? 0)),
      ...children.map((r) => (r.predicted?.input_tokens ?? 0) + (r.predicted?.output_tokens ?? 0)),
    );
    expect(perChild).toBeGreaterThan(1000);
    await h.close();

    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      agents: { maxThreads: 4, maxDepth: 1, budget: { tokens: Math.round(perChild * 5.5) } },
    });
    const result = await h.session.send("spawn 6: say hi");
    expect(result.ok).toBe(true);
    const started = new Set(updates(h.events).map((view) => view.name));
    expect(started.size).toBe(5);
    expect(result.lastMessage).toContain("- not started: spawn_agent refused: the subagent budget");
    expect(result.lastMessage).toContain("[agents] budget_tokens");
    for (let n = 1; n <= 5; n++)
      expect(result.lastMessage).toContain(`- agent-${n}: You said: say hi`);
  });

  it("Esc stops every child; the session goes on", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      agents: { maxThreads: 4, maxDepth: 1 },
    });
    const turn = h.session.send("spawn 2: demo:slow 40");
    await until(
      h.events,
      () => h.session.status().agents?.filter((a) => a.status === "running").length === 2,
    );
    h.session.abort();
    const result = await turn;
    expect(result.aborted).toBe(true);
    await until(h.events, () =>
      (h.session.status().agents ?? []).every((agent) => agent.status === "interrupted"),
    );
    const childRows = h.ledger().filter((r) => r.agent !== null);
    expect(childRows.map((r) => r.outcome)).toEqual(["aborted", "aborted"]);
    const next = await h.session.send("hello again");
    expect(next.lastMessage).toBe("You said: hello again");
  });

  it("a child cannot spawn (depth 1): it is told to do the task itself", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      agents: { maxThreads: 4, maxDepth: 1 },
    });
    const result = await h.session.send("spawn: spawn: deeper");
    expect(result.lastMessage).toContain("max_depth");
    expect(
      h
        .ledger()
        .filter((r) => r.agent !== null)
        .every((r) => r.agent?.parent === h.session.id),
    ).toBe(true);
  });
});

describe("follow-ups and closing (issue 39, item 1)", () => {
  const outputs = () =>
    h.session
      .history()
      .flatMap((item) =>
        item.type === "function_call_output" && typeof item.output === "string"
          ? [item.output]
          : [],
      );

  it("send_input gives a finished child another turn; wait_agent returns its new answer; close_agent shuts it and its lanes", async () => {
    h = await startHarness({
      instructions: LONG_INSTRUCTIONS,
      agents: { maxThreads: 4, maxDepth: 1 },
    });
    await h.session.send("spawn: say one");
    const id = h.session.status().agents?.[0]?.id ?? "";
    await h.session.send(`call send_input {"target":"${id}","message":"say two"}`);
    expect(outputs().at(-1)).toMatch(/^\{"submission_id":"/);
    await h.session.send(`call wait_agent {"targets":["${id}"]}`);
    expect(JSON.parse(outputs().at(-1) ?? "{}")).toEqual({
      status: { [id]: { completed: "You said: say two" } },
      timed_out: false,
    });
    expect(h.session.status().lanes.some((lane) => lane.label.startsWith("agent-1:"))).toBe(true);
    await h.session.send(`call close_agent {"target":"${id}"}`);
    expect(JSON.parse(outputs().at(-1) ?? "{}")).toEqual({
      previous_status: { completed: "You said: say two" },
    });
    expect(h.session.status().agents?.[0]?.status).toBe("shutdown");
    expect(h.session.status().lanes.some((lane) => lane.label.startsWith("agent-1:"))).toBe(false);
    await h.session.send(`call send_input {"target":"${id}","message":"again"}`);
    expect(outputs().at(-1)).toBe(`send_input: agent ${id} is closed`);
  });
});
