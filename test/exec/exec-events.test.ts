import { describe, expect, it } from "vitest";
import type { ExecEvent } from "../../src/exec/exec-event-types.js";
import { ExecEventMapper } from "../../src/exec/exec-events.js";
import { SCHEMA_VERSION } from "../../src/launch/schema-version.js";
import type { SessionEvent } from "../../src/session/events.js";
import type { Goal } from "../../src/session/goals/goal-state.js";
import type { RequestFinished } from "../../src/session/ledger/request-facts.js";

/** A shell command's start, as the tool emits it. */
const commandStarted = (command: string): SessionEvent => ({
  type: "tool",
  event: { type: "command_started", callId: "c1", command, workdir: "/w" },
});

/** A shell command's end; `finish` overrides the defaults of a clean exit. */
const commandFinished = (
  command: string,
  finish: Partial<{
    exitCode: number | null;
    timedOut: boolean;
    aggregatedOutput: string;
    durationMs: number;
  }>,
): SessionEvent => ({
  type: "tool",
  event: {
    type: "command_finished",
    callId: "c1",
    command,
    exitCode: 0,
    timedOut: false,
    aborted: false,
    aggregatedOutput: "",
    durationMs: 1,
    ...finish,
  },
});

const request = (usage: RequestFinished["usage"]): SessionEvent => ({
  type: "request_finished",
  request: {
    seq: 1,
    turn: 1,
    transport: "ws",
    mode: "ws_incremental",
    lane: "default",
    previousResponseIdPresent: true,
    model: "m",
    itemsTotal: 3,
    itemsSent: 1,
    bytesSent: 100,
    warmup: false,
    msTotal: 5,
    outcome: "completed",
    ...(usage ? { usage } : {}),
  },
});

function run(events: SessionEvent[]): { out: ExecEvent[]; mapper: ExecEventMapper } {
  const mapper = new ExecEventMapper();
  const out = [...mapper.threadStarted("s-1"), ...events.flatMap((event) => mapper.map(event))];
  return { out, mapper };
}

describe("ExecEventMapper (docs/config.md, exec --json events)", () => {
  it("maps a turn with a command, a patch, reasoning and a final answer", () => {
    const { out, mapper } = run([
      { type: "turn_started", turn: 1 },
      request({ input_tokens: 2000, cached_tokens: 1024, output_tokens: 10, reasoning_tokens: 4 }),
      {
        type: "item_completed",
        item: { type: "reasoning", summary: [{ type: "summary_text", text: "Thinking it over" }] },
      },
      {
        type: "item_completed",
        item: { type: "function_call", name: "shell_command", arguments: "{}", call_id: "c1" },
      },
      commandStarted("ls"),
      commandFinished("ls", { aggregatedOutput: "a\n", durationMs: 3 }),
      {
        type: "tool",
        event: {
          type: "patch_applied",
          callId: "c2",
          ok: true,
          changes: [{ path: "a.txt", kind: "add", diff: "+x" }],
        },
      },
      request({ input_tokens: 2100, cached_tokens: 2048, output_tokens: 5, reasoning_tokens: 0 }),
      { type: "text_delta", itemId: "msg_1", delta: "Do" },
      {
        type: "item_completed",
        item: {
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: "Done." }],
        },
      },
      {
        type: "turn_completed",
        turn: 1,
        usage: { input_tokens: 1, cached_tokens: 0, output_tokens: 1, reasoning_tokens: 0 },
      },
    ]);
    expect(out).toEqual([
      { type: "thread.started", thread_id: "s-1", schema_version: SCHEMA_VERSION },
      { type: "turn.started" },
      {
        type: "item.completed",
        item: { id: "item_0", type: "reasoning", text: "Thinking it over" },
      },
      {
        type: "item.started",
        item: {
          id: "item_1",
          type: "command_execution",
          command: "ls",
          aggregated_output: "",
          exit_code: null,
          status: "in_progress",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_1",
          type: "command_execution",
          command: "ls",
          aggregated_output: "a\n",
          exit_code: 0,
          status: "completed",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_2",
          type: "file_change",
          changes: [{ path: "a.txt", kind: "add" }],
          status: "completed",
        },
      },
      { type: "item.completed", item: { id: "item_3", type: "agent_message", text: "Done." } },
      {
        type: "turn.completed",
        usage: {
          input_tokens: 4100,
          cached_input_tokens: 3072,
          cache_write_input_tokens: 0,
          output_tokens: 15,
          reasoning_output_tokens: 4,
        },
        // mini-codex's own field: model "m" has no price, so tokens only
        cost: { currency: "USD", usd: null, no_price: ["m"] },
      },
    ]);
    expect(mapper.lastMessage).toBe("Done.");
  });

  it("marks a failing command and a failed patch as failed", () => {
    const { out } = run([
      { type: "turn_started", turn: 1 },
      commandStarted("false"),
      commandFinished("false", { exitCode: 1 }),
      {
        type: "tool",
        event: {
          type: "patch_applied",
          callId: "c2",
          ok: false,
          changes: [],
          error: "no such file",
        },
      },
    ]);
    expect(out[3]).toMatchObject({
      type: "item.completed",
      item: { id: "item_0", exit_code: 1, status: "failed" },
    });
    expect(out[4]).toMatchObject({
      type: "item.completed",
      item: { id: "item_1", type: "file_change", status: "failed" },
    });
  });

  it("a timed-out command completes failed with exit_code 124, the code the model is told", () => {
    const { out } = run([
      { type: "turn_started", turn: 1 },
      commandStarted("sleep 9"),
      commandFinished("sleep 9", { exitCode: null, timedOut: true, durationMs: 10_000 }),
    ]);
    expect(out[3]).toMatchObject({
      type: "item.completed",
      item: { id: "item_0", type: "command_execution", exit_code: 124, status: "failed" },
    });
  });

  it("tracks a plan as one todo_list item: started, updated, completed at the end of the turn", () => {
    const { out } = run([
      { type: "turn_started", turn: 1 },
      {
        type: "tool",
        event: {
          type: "plan_updated",
          callId: "p1",
          plan: [
            { step: "a", status: "in_progress" },
            { step: "b", status: "pending" },
          ],
        },
      },
      {
        type: "tool",
        event: {
          type: "plan_updated",
          callId: "p2",
          plan: [
            { step: "a", status: "completed" },
            { step: "b", status: "in_progress" },
          ],
        },
      },
      {
        type: "turn_completed",
        turn: 1,
        usage: { input_tokens: 9, cached_tokens: 0, output_tokens: 2, reasoning_tokens: 0 },
      },
    ]);
    expect(out.slice(2).map((event) => event.type)).toEqual([
      "item.started",
      "item.updated",
      "item.completed",
      "turn.completed",
    ]);
    expect(out[4]).toEqual({
      type: "item.completed",
      item: {
        id: "item_0",
        type: "todo_list",
        items: [
          { text: "a", completed: true },
          { text: "b", completed: false },
        ],
      },
    });
    expect(out[5]).toMatchObject({ usage: { input_tokens: 9, output_tokens: 2 } });
  });

  it("closes an interrupted command as failed before turn.failed", () => {
    const { out } = run([
      { type: "turn_started", turn: 1 },
      commandStarted("sleep 9"),
      { type: "warning", message: "socket dropped, retrying" },
      { type: "turn_failed", turn: 1, message: "interrupted", aborted: true },
    ]);
    expect(out.slice(3)).toEqual([
      {
        type: "item.completed",
        item: { id: "item_1", type: "error", message: "socket dropped, retrying" },
      },
      {
        type: "item.completed",
        item: {
          id: "item_0",
          type: "command_execution",
          command: "sleep 9",
          aggregated_output: "",
          exit_code: null,
          status: "failed",
        },
      },
      { type: "turn.failed", error: { message: "interrupted" } },
    ]);
  });

  it("reports a goal: goal.started when set, goal.continued before each further turn, exactly so", () => {
    const goal = (turns: number, tokens: number): Goal => ({
      objective: "count to 2 in goal.txt",
      status: "active",
      budgets: { tokens: 5000 },
      spent: { tokens, usd: 0.0042, planPoints: 0, ms: 1234, turns, requests: turns * 2 },
    });
    const { out } = run([
      { type: "goal_updated", change: "set", goal: goal(0, 0) },
      { type: "goal_updated", change: "turn", goal: goal(1, 0) },
      { type: "turn_started", turn: 1 },
      { type: "goal_updated", change: "spent", goal: goal(1, 800) },
      {
        type: "turn_completed",
        turn: 1,
        usage: { input_tokens: 1, cached_tokens: 0, output_tokens: 1, reasoning_tokens: 0 },
      },
      { type: "goal_updated", change: "turn", goal: goal(2, 900) },
      { type: "turn_started", turn: 2 },
    ]);
    const spentJson = (turns: number, tokens: number) => ({
      tokens,
      usd: 0.0042,
      plan_points: 0,
      seconds: 1.2,
      turns,
      requests: turns * 2,
    });
    const goalJson = (turns: number, tokens: number) => ({
      objective: "count to 2 in goal.txt",
      state: "active",
      budget: { tokens: 5000 },
      spent: spentJson(turns, tokens),
    });
    expect(out.filter((event) => event.type.startsWith("goal."))).toEqual([
      { type: "goal.started", goal: goalJson(0, 0) },
      { type: "goal.continued", turn: 2, goal: goalJson(2, 900) },
    ]);
    expect(out.map((event) => event.type)).toEqual([
      "thread.started",
      "goal.started",
      "turn.started",
      "turn.completed",
      "goal.continued",
      "turn.started",
    ]);
  });
});
