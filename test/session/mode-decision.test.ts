import { describe, expect, it } from "vitest";
import { lookupModel } from "../../src/models/catalog.js";
import { messageText, type ResponseItem, userMessage } from "../../src/protocol/items.js";
import {
  collaborationModeMessage,
  collaborationModeUpdate,
  toldMode,
} from "../../src/session/context/collaboration-mode.js";
import {
  collaborationModeDecision,
  type ModeSituation,
  settledEffort,
} from "../../src/session/context/mode-decision.js";
import { modeRefusal } from "../../src/session/context/plan-mode-gate.js";
import { proposedPlan } from "../../src/session/context/proposed-plan.js";

// Issue 46, item 1: what a collaboration mode means, decided in pure functions.
const situation = (over: Partial<ModeSituation>): ModeSituation => ({
  mode: "plan",
  sandbox: "workspace-write",
  model: lookupModel("gpt-5-codex"),
  defaultEffort: "high",
  planEffort: undefined,
  ...over,
});

describe("the mode decision: sandbox, effort and instructions", () => {
  it("Plan runs commands read-only whatever the session allows; Default keeps the session's", () => {
    for (const sandbox of ["workspace-write", "danger-full-access", "read-only"] as const) {
      expect(collaborationModeDecision(situation({ sandbox })).sandbox).toBe("read-only");
      expect(collaborationModeDecision(situation({ mode: "default", sandbox })).sandbox).toBe(
        sandbox,
      );
    }
  });

  it("Plan's effort: medium unset (the Codex CLI's preset), else plan_mode_reasoning_effort; Default's is the session's", () => {
    expect(collaborationModeDecision(situation({})).effort).toBe("medium");
    expect(collaborationModeDecision(situation({ planEffort: "low" })).effort).toBe("low");
    expect(collaborationModeDecision(situation({ mode: "default" })).effort).toBe("high");
    // ultra maps to the model's wire value, as /effort maps it
    const astra = lookupModel("gpt-6-astra");
    expect(astra.efforts).toContain("ultra");
    expect(collaborationModeDecision(situation({ model: astra, planEffort: "ultra" })).effort).toBe(
      "xhigh",
    );
  });

  it("a model that does not take Plan's effort keeps Default's: said when it was configured", () => {
    const configured = collaborationModeDecision(situation({ planEffort: "minimal" }));
    expect(configured.effort).toBe("high");
    expect(configured.note).toMatch(/gpt-5-codex does not take effort minimal .*keeps effort high/);
    // no effort at all: nothing to switch, nothing to say
    const noEffort = collaborationModeDecision(
      situation({ model: lookupModel("gpt-4.1"), defaultEffort: undefined }),
    );
    expect(noEffort).toMatchObject({ effort: undefined });
    expect(noEffort.note).toBeUndefined();
    // a model no source knows takes what is asked (the server judges)
    expect(collaborationModeDecision(situation({ model: lookupModel("my-model") })).effort).toBe(
      "medium",
    );
  });

  it("the instructions are a developer message naming the mode, never the request's instructions", () => {
    const plan = collaborationModeDecision(situation({})).instructions;
    expect(plan).toMatchObject({ type: "message", role: "developer" });
    expect(messageText(plan)).toMatch(/^<collaboration_mode>\nmode: Plan\n/);
    expect(messageText(plan)).toContain("<proposed_plan>");
    expect(messageText(plan)).toContain("request_user_input");
    const back = collaborationModeDecision(situation({ mode: "default" })).instructions;
    expect(messageText(back)).toMatch(/^<collaboration_mode>\nmode: Default\n/);
  });

  it("after a model switch a mode keeps its effort where the model takes it, else the model's default", () => {
    expect(settledEffort(lookupModel("gpt-5"), "high")).toBe("high");
    expect(settledEffort(lookupModel("gpt-5-codex"), "minimal")).toBe("medium");
    expect(settledEffort(lookupModel("gpt-4.1"), "high")).toBeUndefined();
  });
});

describe("the mode message goes ahead of a message only when the history last said another mode", () => {
  const plan = collaborationModeMessage("plan");
  const back = collaborationModeMessage("default");

  it("a history that never named a mode is in Default mode: nothing is added for it", () => {
    const history: ResponseItem[] = [userMessage("hi")];
    expect(collaborationModeUpdate(history, back)).toEqual([]);
    expect(toldMode(history)).toBe("default");
    expect(collaborationModeUpdate(history, plan)).toEqual([plan]);
  });

  it("Plan told: Plan again adds nothing, Default is told once", () => {
    const history: ResponseItem[] = [userMessage("hi"), plan, userMessage("task")];
    expect(toldMode(history)).toBe("plan");
    expect(collaborationModeUpdate(history, plan)).toEqual([]);
    expect(collaborationModeUpdate(history, back)).toEqual([back]);
    expect(collaborationModeUpdate([...history, back], back)).toEqual([]);
  });
});

describe("what plan mode refuses (the read-only gate)", () => {
  const call = (tool: string, canAsk = true) => ({ kind: "call" as const, tool, canAsk });

  it("Plan refuses writes and subagent work before they run; Default refuses none of them", () => {
    for (const tool of ["apply_patch", "update_plan", "spawn_agent", "send_input"]) {
      expect(modeRefusal("plan", call(tool)), tool).toBeDefined();
      expect(modeRefusal("default", call(tool)), tool).toBeUndefined();
    }
    expect(modeRefusal("plan", call("apply_patch"))).toMatch(/^plan mode is read-only: /);
    for (const tool of ["shell_command", "exec_command", "view_image", "wait_agent"]) {
      expect(modeRefusal("plan", call(tool)), tool).toBeUndefined();
    }
  });

  it("request_user_input asks only in Plan mode, and only where someone can answer", () => {
    expect(modeRefusal("plan", call("request_user_input"))).toBeUndefined();
    expect(modeRefusal("default", call("request_user_input"))).toMatch(
      /unavailable in Default mode.*decide yourself and say what you assumed/,
    );
    expect(modeRefusal("plan", call("request_user_input", false))).toMatch(
      /no one can answer questions here \(exec.*decide yourself/,
    );
  });

  it("in Plan mode a command never leaves the sandbox, a patch and a tool not marked read-only are denied", () => {
    const command = {
      kind: "command" as const,
      callId: "c",
      command: "touch x",
      workdir: ".",
      suggestedPrefix: [],
    };
    expect(modeRefusal("plan", { kind: "approval", request: command })).toBeUndefined();
    const again = {
      kind: "approval" as const,
      request: { ...command, reason: "sandbox_denied" as const },
    };
    expect(modeRefusal("plan", again)).toMatch(/read-only sandbox, never again without it/);
    expect(modeRefusal("default", again)).toBeUndefined();
    const patch = {
      kind: "approval" as const,
      request: { kind: "patch" as const, callId: "p", changes: [] },
    };
    expect(modeRefusal("plan", patch)).toMatch(/^plan mode is read-only: apply_patch/);
    const mcp = (readOnly: boolean) => ({
      kind: "approval" as const,
      request: {
        kind: "mcp_tool" as const,
        callId: "m",
        server: "files",
        tool: "write",
        arguments: "{}",
        readOnly,
      },
    });
    expect(modeRefusal("plan", mcp(false))).toMatch(/files\/write is not marked read-only/);
    expect(modeRefusal("plan", mcp(true))).toBeUndefined();
  });
});

describe("the proposed plan of an answer", () => {
  it("is the last <proposed_plan> block's text, its tags on lines of their own", () => {
    const answer = "Here it is.\n<proposed_plan>\n# Plan\n1. a\n</proposed_plan>\n";
    expect(proposedPlan(answer)).toBe("# Plan\n1. a");
    const two = `${answer}Revised:\n<proposed_plan>\n# Plan 2\n</proposed_plan>`;
    expect(proposedPlan(two)).toBe("# Plan 2");
  });

  it("an answer without one, with an empty one or with the tags inline proposes nothing", () => {
    expect(proposedPlan("no plan here")).toBeUndefined();
    expect(proposedPlan("<proposed_plan>\n\n</proposed_plan>")).toBeUndefined();
    expect(proposedPlan("say <proposed_plan>x</proposed_plan> inline")).toBeUndefined();
    expect(proposedPlan(undefined)).toBeUndefined();
  });
});
