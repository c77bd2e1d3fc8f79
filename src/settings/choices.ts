/**
 * The values an enumerated config key may take: the one list every layer checks against
 * (the key's schema here, the flags in src/cli, the sandbox, the approval gate, the wire).
 */

/** What the agent may write (Codex `sandbox_mode`). */
export const SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;

/** When the person is asked before a tool call runs (Codex `approval_policy`). */
export const APPROVAL_POLICIES = ["untrusted", "on-request", "on-failure", "never"] as const;

/** Effort lanes (`ws_lanes`; docs/protocol.md, "Lanes"); `off` is the Codex CLI's one chain. */
export const WS_LANES = ["auto", "stream_id", "connections", "off"] as const;

/** `prompt_cache_options.ttl` (`prompt_cache_ttl`). */
export const PROMPT_CACHE_TTLS = ["30m", "12h"] as const;
