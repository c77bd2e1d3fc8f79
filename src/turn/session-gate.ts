import type { SessionOptions } from "../session/index.js";
import type { ApprovalDecision, ApprovalGate, ApprovalRequest } from "../tools/index.js";
import { createApprovalGate } from "../tools/index.js";
import type { SessionHooks } from "./session-hooks.js";

const NOBODY: ApprovalDecision = {
  kind: "deny",
  feedback:
    "refused: it needs the user's approval and nobody can approve in this session (exec); it was not run",
};

/** The tool name and input a PermissionRequest hook sees for an approval request. */
function permissionFields(request: ApprovalRequest) {
  const tool_use_id = request.callId;
  if (request.kind === "command")
    return { tool_name: "Bash", tool_input: { command: request.command }, tool_use_id };
  if (request.kind === "patch") {
    const command = request.changes.map((change) => change.diff).join("");
    return { tool_name: "apply_patch", tool_input: { command }, tool_use_id };
  }
  return {
    tool_name: `mcp__${request.server}__${request.tool}`,
    tool_input: request.arguments,
    tool_use_id,
  };
}

/**
 * Who answers when the gate asks: PermissionRequest hooks first (allow or deny instead of the
 * person), then the person; undefined when there is neither (the gate refuses unasked).
 */
function answerer(options: SessionOptions, hooks: SessionHooks | undefined) {
  const person = options.approve?.bind(options);
  if (!hooks?.has("PermissionRequest")) return person;
  return async (request: ApprovalRequest): Promise<ApprovalDecision> => {
    const fields = { turn_id: hooks.currentTurnId, ...permissionFields(request) };
    const fired = await hooks.fire(
      "PermissionRequest",
      fields,
      new AbortController().signal,
      fields.tool_name,
    );
    if (fired.permission?.allow === true) return { kind: "approve" };
    if (fired.permission) return { kind: "deny", feedback: fired.permission.message };
    return person ? person(request) : NOBODY;
  };
}

/** The one approval gate of a session: its policy, the rules on disk, hooks, and the person when there is one. */
export function sessionApprovalGate(
  options: SessionOptions,
  note: (message: string) => void,
  hooks?: SessionHooks,
): ApprovalGate {
  const ask = answerer(options, hooks);
  return createApprovalGate({
    policy: options.approvalPolicy,
    sandbox: options.sandbox,
    cwd: options.cwd,
    ...(ask ? { ask } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    note,
  });
}
