import { describe, expect, it } from "vitest";
import { agentKind } from "../../src/turn/agents/agent-manager.js";

// A child's name is the ledger's agent name, a lane label and part of its `stream_id`.
describe("agentKind: the model's agent_type as a safe name", () => {
  it("keeps a plain kind, turns other characters into dashes, and caps the length", () => {
    expect(agentKind("reviewer")).toBe("reviewer");
    expect(agentKind(" test writer/ä#2 ")).toBe("test-writer-2");
    expect(agentKind("x".repeat(300))).toHaveLength(32);
    expect(agentKind(undefined)).toBe("agent");
    expect(agentKind("###")).toBe("agent");
  });
});
