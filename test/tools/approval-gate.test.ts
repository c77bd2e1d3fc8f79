import { describe, expect, it } from "vitest";
import { createApprovalGate } from "../../src/tools/approval/gate.js";
import type { ApprovalDecision, ApprovalRequest } from "../../src/tools/types.js";

const command = (text: string, reason?: "sandbox_denied"): ApprovalRequest => ({
  kind: "command",
  callId: "c",
  command: text,
  workdir: ".",
  suggestedPrefix: text.split(" ").slice(0, 2),
  ...(reason ? { reason } : {}),
});
const patch: ApprovalRequest = {
  kind: "patch",
  callId: "p",
  changes: [{ path: "a.txt", kind: "add", diff: "+a\n" }],
};

/** A person who answers from a script and records what they were asked. */
function person(...answers: ApprovalDecision[]) {
  const asked: ApprovalRequest[] = [];
  return {
    asked,
    ask: async (request: ApprovalRequest) => {
      asked.push(request);
      return answers.shift() ?? { kind: "deny" };
    },
  };
}

describe("the session's approval gate", () => {
  it("asks only what the policy says; a prefix answer stops later questions for that prefix", async () => {
    const p = person({ kind: "approve_prefix", prefix: ["npm", "test"] });
    const gate = createApprovalGate({
      policy: "untrusted",
      sandbox: "workspace-write",
      ask: p.ask,
    });
    // unasked because read-only: it runs in the read-only sandbox, whatever the mode
    expect(await gate(command("git status"))).toEqual({ kind: "approve", confine: "read-only" });
    expect(p.asked).toHaveLength(0);
    expect((await gate(command("npm test"))).kind).toBe("approve_prefix");
    expect(await gate(command("npm test -- -t x"))).toEqual({ kind: "approve" });
    expect(p.asked).toHaveLength(1);
    expect(await gate(command("npm publish"))).toEqual({
      kind: "deny",
      feedback: "denied by user",
    });
    expect(p.asked).toHaveLength(2);
  });

  it("without bwrap a read-only command is not run unasked under danger-full-access", async () => {
    const p = person({ kind: "approve" });
    const options = { policy: "untrusted", sandbox: "danger-full-access" } as const;
    const canConfine = async () => false;
    const gate = createApprovalGate({ ...options, ask: p.ask, canConfine });
    // the person's yes runs it in the session's sandbox: no confine on the decision
    expect(await gate(command("git status"))).toEqual({ kind: "approve" });
    expect(p.asked).toHaveLength(1);
    const refused = await createApprovalGate({ ...options, canConfine })(command("git status"));
    expect(refused.kind === "deny" && refused.feedback).toContain("no sandbox can confine it here");
    // other modes refuse every command without bwrap at launch: the gate leaves that to it
    const confined = createApprovalGate({ ...options, sandbox: "workspace-write", canConfine });
    expect(await confined(command("ls"))).toEqual({ kind: "approve", confine: "read-only" });
    // other policies run as before
    const onRequest = createApprovalGate({ ...options, policy: "on-request", canConfine });
    expect(await onRequest(command("git status"))).toEqual({ kind: "approve" });
  });

  it("passes the person's note to the model with the denial", async () => {
    const p = person({ kind: "deny", feedback: "use pnpm" });
    const gate = createApprovalGate({
      policy: "untrusted",
      sandbox: "workspace-write",
      ask: p.ask,
    });
    expect(await gate(command("npm i"))).toEqual({
      kind: "deny",
      feedback: "denied by user: use pnpm",
    });
  });

  it("exec (nobody to ask) never waits: what would ask is refused with the reason", async () => {
    const untrusted = createApprovalGate({ policy: "untrusted", sandbox: "workspace-write" });
    const refused = await untrusted(command("touch x"));
    expect(refused.kind).toBe("deny");
    expect(refused.kind === "deny" && refused.feedback).toContain("nobody can approve");
    const onRequest = createApprovalGate({ policy: "on-request", sandbox: "workspace-write" });
    const escalation = await onRequest(command("touch x", "sandbox_denied"));
    expect(escalation.kind === "deny" && escalation.feedback).toContain("the sandbox blocked");
  });

  it("never: a sandbox denial is not escalated, a read-only patch is refused and says why", async () => {
    const gate = createApprovalGate({ policy: "never", sandbox: "read-only" });
    expect(await gate(command("touch x", "sandbox_denied"))).toEqual({ kind: "deny" });
    const refused = await gate(patch);
    expect(refused.kind === "deny" && refused.feedback).toContain("the sandbox is read-only");
    expect(refused.kind === "deny" && refused.feedback).toContain("-s workspace-write");
  });
});
