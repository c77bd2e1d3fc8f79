import type { SessionOptions } from "../session/api.js";
import { createApprovalGate } from "../tools/approval/gate.js";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";

/** The one approval gate of a session: its policy, the rules on disk, and the person when there is one. */
export function sessionApprovalGate(
  options: SessionOptions,
  note: (message: string) => void,
): (request: ApprovalRequest) => Promise<ApprovalDecision> {
  return createApprovalGate({
    policy: options.approvalPolicy,
    sandbox: options.sandbox,
    cwd: options.cwd,
    ...(options.approve ? { ask: options.approve.bind(options) } : {}),
    ...(options.rules ? { rules: options.rules } : {}),
    note,
  });
}
