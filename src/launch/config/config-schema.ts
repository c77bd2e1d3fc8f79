import { z } from "zod";
import { mcpServersSchema } from "../../mcp/index.js";
import {
  EFFORT_CHOICES,
  lazy,
  reasoningSummarySchema,
  webSearchModeSchema,
} from "../../protocol/index.js";
import { SANDBOX_MODES } from "../../sandbox/index.js";
import { PROMPT_CACHE_TTLS, WS_LANES } from "../../session/index.js";
import { APPROVAL_POLICIES } from "../../tools/index.js";
import { modelOverridesSchema } from "./model-overrides.js";

/** `[model_providers.<id>]` (Codex-compatible keys). */
const providerConfigSchema = lazy(() =>
  z.object({
    name: z.string().optional(),
    base_url: z.url().optional(),
    env_key: z.string().min(1).optional(),
    wire_api: z.literal("responses").optional(),
    supports_websockets: z.boolean().optional(),
    request_max_retries: z.number().int().min(0).max(100).optional(),
    stream_max_retries: z.number().int().min(0).max(100).optional(),
    stream_idle_timeout_ms: z.number().int().positive().optional(),
    stream_max_duration_ms: z.number().int().positive().optional(),
    websocket_connect_timeout_ms: z.number().int().positive().optional(),
    /** Where the provider's model catalog is (Codex key); default `<base_url>/models`. */
    model_catalog_url: z.url().optional(),
    /** Send the signed-in credential (`auth.json`: API key or ChatGPT sign-in) here (Codex key). */
    requires_openai_auth: z.boolean().optional(),
  }),
);
export type ProviderConfig = z.infer<ReturnType<typeof providerConfigSchema>>;

/**
 * config.toml's keys after validation (docs/config.md), each schema built on first use: exec
 * validates only the keys it was given (building all of them cost ~4 ms of its start-up).
 */
const CONFIG_KEYS = {
  model: () => z.string().min(1).optional(),
  model_provider: () => z.string().min(1).optional(),
  /** An API effort or `ultra`; checked against the model's efforts at start-up. */
  model_reasoning_effort: () => z.enum(EFFORT_CHOICES).optional(),
  /** Plan mode's effort (Codex key; unset: medium, the Codex CLI's Plan preset), per model at switch time. */
  plan_mode_reasoning_effort: () => z.enum(EFFORT_CHOICES).optional(),
  /** `[models."<slug>"]`: catalog facts laid over the bundled and discovered ones. */
  models: () => modelOverridesSchema().optional(),
  /** Fetch the provider's `/models` catalog in the background (default true). */
  model_discovery: () => z.boolean().optional(),
  model_reasoning_summary: () => reasoningSummarySchema().optional(),
  /** `prompt_cache_options.ttl` for models that take cache options (default 12h). */
  prompt_cache_ttl: () => z.enum(PROMPT_CACHE_TTLS).optional(),
  openai_base_url: () => z.url().optional(),
  /** Where the ChatGPT sign-in's Codex backend is: `{chatgpt_base_url}codex/responses` (Codex key). */
  chatgpt_base_url: () => z.url().optional(),
  /** The ChatGPT sign-in's OAuth issuer (default the Codex CLI's; the demo's in tests). */
  chatgpt_issuer: () => z.url().optional(),
  approval_policy: () => z.enum(APPROVAL_POLICIES).optional(),
  sandbox_mode: () => z.enum(SANDBOX_MODES).optional(),
  /** `[sandbox_workspace_write]` (Codex key): what workspace-write allows beyond the workspace. */
  sandbox_workspace_write: () => z.object({ network_access: z.boolean().optional() }).optional(),
  /** `[sandbox_macos]` (mini-codex's): what the Seatbelt sandbox lets commands do beyond its default. */
  sandbox_macos: () => z.object({ process_listing: z.boolean().optional() }).optional(),
  /** `[shell_environment_policy]` (Codex keys; default excludes are *KEY*, *SECRET*, *TOKEN*). */
  shell_environment_policy: () =>
    z
      .object({
        inherit: z.enum(["all", "core", "none"]).optional(),
        ignore_default_excludes: z.boolean().optional(),
        exclude: z.array(z.string()).optional(),
        include_only: z.array(z.string()).optional(),
        set: z.record(z.string(), z.string()).optional(),
      })
      .optional(),
  model_providers: () => z.record(z.string(), providerConfigSchema()).optional(),
  ws_lanes: () => z.enum(WS_LANES).optional(),
  ws_max_lanes: () => z.number().int().min(1).max(32).optional(),
  ws_epoch_max_requests: () => z.number().int().min(0).optional(),
  /** Offer permessage-deflate on the WebSocket handshake (default true; the server may decline). */
  ws_compression: () => z.boolean().optional(),
  apply_patch_tool_type: () => z.enum(["freeform", "custom", "function"]).optional(),
  max_tool_rounds: () => z.number().int().positive().optional(),
  /** shell_command: timeout when the model gives none, and the most it may ask for. */
  shell_timeout_ms: () => z.number().int().positive().optional(),
  shell_max_timeout_ms: () => z.number().int().positive().optional(),
  /**
   * How the model runs commands: `shell_command`, `exec_command` (with write_stdin: processes
   * that keep running), or `auto` (default): the model catalog's choice for the model.
   */
  shell_tool: () => z.enum(["auto", "shell_command", "exec_command"]).optional(),
  /** `[model_prices.<slug>]`: US dollars per million tokens, over the bundled prices (docs/config.md). */
  model_prices: () =>
    z
      .record(
        z.string(),
        z.object({
          input: z.number().nonnegative(),
          cached_input: z.number().nonnegative(),
          output: z.number().nonnegative(),
        }),
      )
      .optional(),
  /** Tokens the model can see; for the TUI's "context left" (known models need none). */
  model_context_window: () => z.number().int().positive().optional(),
  /** Compact automatically once a response's input tokens pass this (Codex key). */
  model_auto_compact_token_limit: () => z.number().int().positive().optional(),
  /** `[mcp_servers.<name>]`, the Codex CLI's keys (docs/config.md). */
  mcp_servers: () => mcpServersSchema().optional(),
  /** The hosted web_search tool: "live", "cached" or "disabled" (default). */
  web_search: () => webSearchModeSchema().optional(),
  /** `[tui] notifications`: true or the events to notify about while the terminal is unfocused. */
  tui: () =>
    z
      .object({
        notifications: z
          .union([z.boolean(), z.array(z.enum(["agent-turn-complete", "approval-requested"]))])
          .optional(),
        notification_method: z.enum(["osc9", "bel"]).optional(),
        /** Ask before a switch that breaks the cached prefix, or /compact (default true). */
        cost_question: z.boolean().optional(),
        /** …only when the step's predicted extra cost reaches this many dollars (default 0.05). */
        cost_question_min_usd: z.number().min(0).optional(),
        /** How long the start of a cut escape sequence waits for its rest, in ms (default 50). */
        escape_timeout_ms: z.number().int().min(0).max(10_000).optional(),
      })
      .optional(),
  /** `[features]` (Codex's table): `shell_snapshot`, `multi_agent` (default true); others are ignored. */
  features: () =>
    z
      .object({ shell_snapshot: z.boolean().optional(), multi_agent: z.boolean().optional() })
      .optional(),
  /** `[agents]`: subagents (docs/config.md, "Subagents"); Codex's `enabled`, `max_threads`, `max_depth`. */
  agents: () =>
    z
      .object({
        enabled: z.boolean().optional(),
        max_threads: z.number().int().min(1).optional(),
        max_depth: z.number().int().min(0).optional(),
        /** What all subagents of a session may spend: tokens (input + output), or US dollars. */
        budget_tokens: z.number().int().min(1).optional(),
        budget_usd: z.number().positive().optional(),
        /** `cold`: forks start as the Codex CLI's (full, a cache key of their own); default warm. */
        fork_start: z.enum(["warm", "cold"]).optional(),
      })
      .optional(),
  /** `[goals]`: the default budgets of every goal (docs/config.md, "Goals"); none by default. */
  goals: () =>
    z
      .object({
        /** Uncached input plus output tokens of the goal's turns (the Codex CLI's count). */
        budget_tokens: z.number().int().min(1).optional(),
        budget_usd: z.number().positive().optional(),
        /** Points of a ChatGPT plan's 5-hour window. */
        budget_plan_percent: z.number().positive().max(100).optional(),
        max_minutes: z.number().positive().optional(),
        max_turns: z.number().int().min(1).optional(),
      })
      .optional(),
  /** Codex's `notify = ["program", …]`: run with a JSON description of each finished turn. */
  notify: () => z.array(z.string()).min(1).optional(),
  /** Codex keys: AGENTS.md budget in bytes (default 32 KiB) and extra file names per folder. */
  project_doc_max_bytes: () => z.number().int().min(0).optional(),
  project_doc_fallback_filenames: () => z.array(z.string().min(1)).optional(),
  /** A Codex home (e.g. "~/.codex") whose AGENTS.md, skills and prompts are read too. */
  codex_home: () => z.string().min(1).optional(),
  /** Codex's `[projects."<path>"] trust_level`: the TUI asks once per folder and records it. */
  projects: () =>
    z
      .record(z.string(), z.object({ trust_level: z.enum(["trusted", "untrusted"]).optional() }))
      .optional(),
};

type ConfigKey = keyof typeof CONFIG_KEYS;
export type MiniCodexConfig = {
  [K in ConfigKey]?: z.output<ReturnType<(typeof CONFIG_KEYS)[K]>>;
};

const keySchemas = new Map<string, z.ZodType>();

/** The schema of one top-level key, or undefined for a key config.toml does not have. */
export function configKeySchema(key: string): z.ZodType | undefined {
  if (!Object.hasOwn(CONFIG_KEYS, key)) return undefined;
  let schema = keySchemas.get(key);
  if (!schema) {
    schema = CONFIG_KEYS[key as ConfigKey]();
    keySchemas.set(key, schema);
  }
  return schema;
}

/** The keys in the order they are validated (a bad value is reported for the first of them). */
export const CONFIG_KEY_ORDER: readonly string[] = Object.keys(CONFIG_KEYS);

export const knownTopLevelKeys = lazy((): ReadonlySet<string> => new Set(CONFIG_KEY_ORDER));
export const knownProviderKeys = lazy(
  (): ReadonlySet<string> => new Set(Object.keys(providerConfigSchema().shape)),
);
