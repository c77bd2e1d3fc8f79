/** What the agent may write (Codex `sandbox_mode`); the one list every layer checks against. */
export const SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** When the person is asked before a tool call runs (Codex `approval_policy`). */
export const APPROVAL_POLICIES = ["untrusted", "on-request", "on-failure", "never"] as const;
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];
