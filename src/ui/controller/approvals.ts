import type { ApprovalDecision, ApprovalRequest } from "../../tools/index.js";
import type { UiAction } from "./state.js";
import type { Store } from "./store.js";
import { NO_PROMPT, type PendingApproval, type TuiState } from "./tui-state.js";

const APPROVED_TEXT = {
  approve: "Approved once",
  approve_prefix: "Approved for the session (commands with this prefix)",
  approve_files: "Approved for the session (these files)",
} as const;

function described(request: ApprovalRequest): string {
  if (request.kind === "command") return request.command;
  if (request.kind === "patch") return `patch (${request.changes.map((c) => c.path).join(", ")})`;
  return `${request.server}/${request.tool}`;
}

/**
 * The approvals the engine's gate asks for: whatever reaches the UI waits in the store until
 * the person answers it (or an interrupt, a session switch or quitting denies it).
 */
export class ApprovalDesk {
  constructor(
    private readonly store: Store<TuiState>,
    private readonly dispatch: (action: UiAction) => void,
  ) {}

  /** The session's `approve` hook. */
  readonly ask = (request: ApprovalRequest): Promise<ApprovalDecision> =>
    new Promise((resolve) =>
      this.store.update((s) => ({ ...s, approvals: [...s.approvals, { request, resolve }] })),
    );

  /** The approval the prompt shows (and keys go to) now. */
  current(): PendingApproval | undefined {
    return this.store.getState().approvals[0];
  }

  decide(answered: PendingApproval, decision: ApprovalDecision): void {
    this.store.update((s) => ({
      ...s,
      prompt: NO_PROMPT,
      approvals: s.approvals.filter((item) => item !== answered),
    }));
    const what = described(answered.request);
    if (decision.kind === "deny") {
      this.dispatch({ type: "call_denied", callId: answered.request.callId });
      this.notice("warning", `Denied: ${what}`);
    } else this.notice("info", `${APPROVED_TEXT[decision.kind]}: ${what}`);
    answered.resolve(decision);
  }

  denyAll(): void {
    const list = this.store.getState().approvals;
    if (list.length === 0) return;
    this.store.update((s) => ({ ...s, prompt: NO_PROMPT, approvals: [] }));
    for (const item of list) item.resolve({ kind: "deny" });
  }

  private notice(level: "info" | "warning", text: string): void {
    this.dispatch({ type: "append", entries: [{ kind: "notice", level, text }] });
  }
}
