import { describe, expect, it } from "vitest";
import type { AgentView } from "../../src/session/ledger/agent-view.js";
import { uiReducer } from "../../src/ui/controller/state.js";
import { initialState } from "../../src/ui/controller/ui-state.js";
import { layoutStatusBar } from "../../src/ui/status-items.js";

// Issue 39's follow-up: the status bar counts the subagents that run or wait, with what they
// all cost, and says nothing once none does.
const child = (id: string, patch: Partial<AgentView>): AgentView => ({
  id,
  name: id,
  parent: "s",
  kind: "fork",
  task: "look",
  status: "running",
  model: "gpt-5.5",
  requests: 0,
  inputTokens: 0,
  cachedTokens: 0,
  outputTokens: 0,
  savedUsd: 0,
  ...patch,
});

const agentsItem = (state: ReturnType<typeof initialState>, width = 200) =>
  layoutStatusBar(state.status, width).find((segment) => segment.id === "agents")?.text;

describe("the status bar's subagents item", () => {
  it("appears while children run or wait, priced with the bar's dollars, and goes when none does", () => {
    let state = initialState({ model: "gpt-5.5" });
    const update = (view: AgentView) => {
      state = uiReducer(state, { type: "session", event: { type: "agent_update", agent: view } });
    };
    expect(agentsItem(state)).toBeUndefined();
    update(child("a", { status: "running" }));
    expect(agentsItem(state)).toBe("agents 1/1 running");
    update(child("b", { status: "pending_init" }));
    update(child("a", { status: "running", requests: 1, usd: 0.0125 }));
    expect(agentsItem(state)).toBe("agents 1/2 running · $0.01");
    // narrow: the shorter texts, never the whole bar's width
    expect(agentsItem(state, 46)).toBe("agents 1/2 · $0.01");
    expect(agentsItem(state, 36)).toBe("agents 1/2");
    update(child("a", { status: "completed", requests: 1, usd: 0.0125 }));
    update(child("b", { status: "running", requests: 1, usd: 0.01 }));
    // a finished child still counts in what the subagents cost
    expect(agentsItem(state)).toBe("agents 1/1 running · $0.02");
    update(child("b", { status: "interrupted", requests: 1, usd: 0.01 }));
    expect(agentsItem(state)).toBeUndefined();
  });
});
