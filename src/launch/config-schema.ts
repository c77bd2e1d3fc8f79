import { z } from "zod";
import { McpServersSchema } from "../mcp/config.js";
import { ReasoningEffortSchema, ReasoningSummarySchema } from "../protocol/request.js";
import { WebSearchModeSchema } from "../protocol/web-search.js";
import { SANDBOX_MODES } from "../sandbox/modes.js";
import { WS_LANES } from "../session/api.js";
import { APPROVAL_POLICIES } from "../tools/approval/policy.js";

/** `[model_providers.<id>]` (Codex-compatible keys). */
export const ProviderConfigSchema = z.object({
  name: z.string().optional(),
  base_url: z.url().optional(),
  env_key: z.string().min(1).optional(),
  wire_api: z.literal("responses").optional(),
  supports_websockets: z.boolean().optional(),
  request_max_retries: z.number().int().min(0).max(100).optional(),
  stream_max_retries: z.number().int().min(0).max(100).optional(),
  stream_idle_timeout_ms: z.number().int().positive().optional(),
  websocket_connect_timeout_ms: z.number().int().positive().optional(),
});
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

export const SandboxModeSchema = z.enum(SANDBOX_MODES);
export const ApprovalPolicySchema = z.enum(APPROVAL_POLICIES);
export const ApplyPatchToolTypeSchema = z.enum(["freeform", "custom", "function"]);

/** `[sandbox_workspace_write]` (Codex key): what workspace-write allows beyond the workspace. */
export const SandboxWorkspaceWriteSchema = z.object({
  network_access: z.boolean().optional(),
});

/** `[shell_environment_policy]` (Codex keys; default excludes are *KEY*, *SECRET*, *TOKEN*). */
export const ShellEnvironmentPolicySchema = z.object({
  inherit: z.enum(["all", "core", "none"]).optional(),
  ignore_default_excludes: z.boolean().optional(),
  exclude: z.array(z.string()).optional(),
  include_only: z.array(z.string()).optional(),
  set: z.record(z.string(), z.string()).optional(),
});

/** config.toml after validation (docs/config.md). */
export const ConfigSchema = z.object({
  model: z.string().min(1).optional(),
  model_provider: z.string().min(1).optional(),
  model_reasoning_effort: ReasoningEffortSchema.optional(),
  model_reasoning_summary: ReasoningSummarySchema.optional(),
  openai_base_url: z.url().optional(),
  approval_policy: ApprovalPolicySchema.optional(),
  sandbox_mode: SandboxModeSchema.optional(),
  sandbox_workspace_write: SandboxWorkspaceWriteSchema.optional(),
  shell_environment_policy: ShellEnvironmentPolicySchema.optional(),
  model_providers: z.record(z.string(), ProviderConfigSchema).optional(),
  ws_lanes: z.enum(WS_LANES).optional(),
  ws_max_lanes: z.number().int().min(1).max(32).optional(),
  ws_epoch_max_requests: z.number().int().min(0).optional(),
  apply_patch_tool_type: ApplyPatchToolTypeSchema.optional(),
  max_tool_rounds: z.number().int().positive().optional(),
  /** shell_command: timeout when the model gives none, and the most it may ask for. */
  shell_timeout_ms: z.number().int().positive().optional(),
  shell_max_timeout_ms: z.number().int().positive().optional(),
  /** Tokens the model can see; for the TUI's "context left" (known models need none). */
  model_context_window: z.number().int().positive().optional(),
  /** Compact automatically once a response's input tokens pass this (Codex key). */
  model_auto_compact_token_limit: z.number().int().positive().optional(),
  /** `[mcp_servers.<name>]`, the Codex CLI's keys (docs/config.md). */
  mcp_servers: McpServersSchema.optional(),
  /** The hosted web_search tool: "live", "cached" or "disabled" (default). */
  web_search: WebSearchModeSchema.optional(),
  /** `[tui] notifications`: true or the events to notify about while the terminal is unfocused. */
  tui: z
    .object({
      notifications: z
        .union([z.boolean(), z.array(z.enum(["agent-turn-complete", "approval-requested"]))])
        .optional(),
      notification_method: z.enum(["osc9", "bel"]).optional(),
    })
    .optional(),
  /** `[features]` (Codex's table): `shell_snapshot` (default true); other Codex features are ignored. */
  features: z.object({ shell_snapshot: z.boolean().optional() }).optional(),
  /** Codex's `notify = ["program", …]`: run with a JSON description of each finished turn. */
  notify: z.array(z.string()).min(1).optional(),
});
export type MiniCodexConfig = z.infer<typeof ConfigSchema>;

export const KNOWN_TOP_LEVEL_KEYS: ReadonlySet<string> = new Set(Object.keys(ConfigSchema.shape));
export const KNOWN_PROVIDER_KEYS: ReadonlySet<string> = new Set(
  Object.keys(ProviderConfigSchema.shape),
);
