/** What the agent may write (Codex `sandbox_mode`); the one list every layer checks against. */
export const SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];
