import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ResponseItem, ToolCallItem } from "../../src/protocol/items.js";
import type { SessionEvent, ToolCallStatus } from "../../src/session/events.js";
import { resolveSettings } from "../../src/settings/index.js";
import { createApprovalGate } from "../../src/tools/approval/gate.js";
import { createToolRouter } from "../../src/tools/index.js";
import type { ApprovalDecision, ApprovalRequest } from "../../src/tools/types.js";
import { SessionHooks } from "../../src/turn/session-hooks.js";
import {
  runToolCall,
  runToolCalls,
  type ToolCallContext,
} from "../../src/turn/tool-calls/index.js";
import { type TempWorkspace, tempWorkspace } from "../tools/helpers.js";

// One call at a time through the tool-call pipeline with real parts: shell_command under bwrap
// (workspace-write), the approval gate under `untrusted`, and a real PreToolUse hook that
// blocks any command naming "forbidden". Each test reads the states the call went through.

const ALL_STATES: ToolCallStatus[] = [
  "received",
  "pre_tool_use",
  "planned",
  "awaiting_approval",
  "running",
  "done",
  "refused",
  "aborted",
];

/** The states each path goes through, in order (together: every state of the union). */
const PATHS = {
  done: ["received", "pre_tool_use", "planned", "awaiting_approval", "running", "done"],
  deniedByPerson: ["received", "pre_tool_use", "planned", "awaiting_approval", "refused"],
  blockedByHook: ["received", "pre_tool_use", "refused"],
  badInput: ["received", "pre_tool_use", "refused"],
  escalated: [
    "received",
    "pre_tool_use",
    "planned",
    "awaiting_approval",
    "running",
    "awaiting_approval",
    "running",
    "done",
  ],
  interrupted: [
    "received",
    "pre_tool_use",
    "planned",
    "awaiting_approval",
    "running",
    "aborted",
    // the response's next call: taken up after the interrupt, never started
    "received",
    "aborted",
  ],
} satisfies Record<string, ToolCallStatus[]>;

let ws: TempWorkspace;

beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const shellCall = (command: string, id = "call_1"): ToolCallItem => ({
  type: "function_call",
  name: "shell_command",
  call_id: id,
  arguments: JSON.stringify({ command }),
});

/** A turn's worth of pipeline: the person answers with `answers` in turn (then approves). */
function world(answers: ApprovalDecision["kind"][] = [], controller = new AbortController()) {
  const events: SessionEvent[] = [];
  const history: ResponseItem[] = [];
  const asked: ApprovalRequest[] = [];
  const person = async (request: ApprovalRequest): Promise<ApprovalDecision> => {
    asked.push(request);
    return { kind: answers.shift() ?? "approve" } as ApprovalDecision;
  };
  const hooks = new SessionHooks(
    {
      id: "session",
      hooks: {
        handlers: [
          {
            event: "PreToolUse",
            matcher: "Bash",
            command: "if grep -q forbidden; then echo 'no forbidden words' >&2; exit 2; fi",
            timeoutSec: 10,
            source: "test",
          },
        ],
        run: { cwd: ws.ws, env: { PATH: process.env.PATH ?? "", HOME: ws.root } },
        permissionMode: "default",
      },
    },
    () => "gpt-test",
    () => {},
  );
  const ctx: ToolCallContext = {
    tools: createToolRouter({
      shellEnv: { HOME: ws.root },
      config: resolveSettings({ features: { shell_snapshot: false } }),
    }),
    cwd: ws.ws,
    workspaceRoots: [ws.ws],
    sandbox: "workspace-write",
    signal: controller.signal,
    approve: createApprovalGate({
      policy: "untrusted",
      sandbox: "workspace-write",
      cwd: ws.ws,
      ask: person,
    }),
    hooks,
    person,
    emit: (event) => events.push(event),
    append: (items) => history.push(...items),
  };
  const states = () =>
    events.flatMap((event) => (event.type === "tool_call_state" ? [event.status] : []));
  return { ctx, events, history, asked, controller, states };
}

describe("the tool-call pipeline, state by state", () => {
  it("done: hooks let it, the person approves, it runs in the sandbox", async () => {
    const w = world(["approve"]);
    const final = await runToolCall(shellCall("printf made > made.txt"), w.ctx);
    expect(w.states()).toEqual(PATHS.done);
    expect(final.status).toBe("done");
    expect(readFileSync(join(ws.ws, "made.txt"), "utf8")).toBe("made");
    expect(w.asked).toMatchObject([{ kind: "command", command: "printf made > made.txt" }]);
    expect(w.history).toEqual([
      { type: "function_call_output", call_id: "call_1", output: final.output },
    ]);
    const kinds = w.events.map((e) => e.type).filter((t) => t !== "tool_call_state");
    expect(kinds[0]).toBe("tool_call_started");
    expect(kinds.at(-1)).toBe("tool_call_finished");
  });

  it("refused by the person: it is not run, the model reads the denial", async () => {
    const w = world(["deny"]);
    const final = await runToolCall(shellCall("printf made > made.txt"), w.ctx);
    expect(w.states()).toEqual(PATHS.deniedByPerson);
    expect(final).toMatchObject({ status: "refused", by: "gate", output: "denied by user" });
    expect(existsSync(join(ws.ws, "made.txt"))).toBe(false);
  });

  it("refused by a PreToolUse hook before it is planned, nobody asked", async () => {
    const w = world();
    const final = await runToolCall(shellCall("echo forbidden > made.txt"), w.ctx);
    expect(w.states()).toEqual(PATHS.blockedByHook);
    expect(final).toMatchObject({ status: "refused", by: "hook" });
    expect(final.output).toBe(
      "Command blocked by PreToolUse hook: no forbidden words. Command: echo forbidden > made.txt",
    );
    expect(w.asked).toEqual([]);
    expect(existsSync(join(ws.ws, "made.txt"))).toBe(false);
  });

  it("refused for its input: the tool names what to fix", async () => {
    const w = world();
    const bad = { ...shellCall(""), arguments: '{"command": 42}' };
    const final = await runToolCall(bad, w.ctx);
    expect(w.states()).toEqual(PATHS.badInput);
    expect(final).toMatchObject({ status: "refused", by: "input" });
    expect(final.output).toContain("invalid arguments for shell_command: command:");
  });

  it("sandbox denied: the person lets it run again unconfined (running → awaiting_approval → running)", async () => {
    const w = world(["approve", "approve"]);
    // the sandbox keeps a workspace's .git read-only
    mkdirSync(join(ws.ws, ".git"));
    const marker = join(ws.ws, ".git", "marker");
    const final = await runToolCall(shellCall("touch .git/marker"), w.ctx);
    expect(w.states()).toEqual(PATHS.escalated);
    expect(w.asked.map((request) => request.kind === "command" && request.reason)).toEqual([
      undefined,
      "sandbox_denied",
    ]);
    expect(final.status).toBe("done");
    expect(existsSync(marker)).toBe(true);
  });

  it("aborted: interrupted while it runs, and a later call of the response never starts", async () => {
    const w = world(["approve"]);
    const emit = w.ctx.emit;
    w.ctx.emit = (event) => {
      emit(event);
      if (event.type === "tool" && event.event.type === "command_started") w.controller.abort();
    };
    await runToolCalls([shellCall("sleep 30", "call_1"), shellCall("true", "call_2")], w.ctx);
    expect(w.states()).toEqual(PATHS.interrupted);
    // every call is answered in history, in order
    expect(w.history.map((item) => ("call_id" in item ? item.call_id : ""))).toEqual([
      "call_1",
      "call_2",
    ]);
    expect(w.history[1]).toMatchObject({ output: "aborted" });
    expect(w.events.filter((e) => e.type === "tool_call_started")).toHaveLength(1);
  });

  it("the paths above go through every state", () => {
    const covered = new Set(Object.values(PATHS).flat());
    expect(ALL_STATES.filter((state) => !covered.has(state))).toEqual([]);
  });
});
