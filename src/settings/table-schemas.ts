/**
 * The entries of config.toml's named tables (`[model_providers.<id>]`, `[mcp_servers.<name>]`,
 * `[models."<slug>"]`, `[model_prices.<slug>]`, `[projects."<path>"]`): each entry's schema,
 * built on first use. docs/config.md has a table of each entry's keys.
 */
import { z } from "zod";
import { EFFORT_CHOICES, lazy, REASONING_EFFORTS } from "../protocol/index.js";

/** `[model_providers.<id>]` (Codex-compatible keys). */
export const providerConfigSchema = lazy(() =>
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

export const knownProviderKeys = lazy(
  (): ReadonlySet<string> => new Set(Object.keys(providerConfigSchema().shape)),
);

/**
 * One `[mcp_servers.<name>]` table, with the Codex CLI's keys: a stdio server has `command`,
 * a streamable-HTTP server has `url` (docs/config.md).
 */
export const mcpServerConfigSchema = lazy(() => {
  const seconds = z.number().positive().max(86_400);
  return z
    .object({
      command: z.string().min(1).optional(),
      args: z.array(z.string()).optional(),
      env: z.record(z.string(), z.string()).optional(),
      /** Names of variables passed through from mini-codex's own environment. */
      env_vars: z.array(z.string().min(1)).optional(),
      cwd: z.string().min(1).optional(),
      url: z.url().optional(),
      bearer_token_env_var: z.string().min(1).optional(),
      http_headers: z.record(z.string(), z.string()).optional(),
      /** Header name → name of the environment variable holding its value. */
      env_http_headers: z.record(z.string(), z.string()).optional(),
      startup_timeout_sec: seconds.optional(),
      tool_timeout_sec: seconds.optional(),
      enabled: z.boolean().optional(),
      enabled_tools: z.array(z.string()).optional(),
      disabled_tools: z.array(z.string()).optional(),
    })
    .refine((server) => (server.command === undefined) !== (server.url === undefined), {
      message: "a server needs exactly one of `command` (stdio) or `url` (streamable HTTP)",
    });
});
export type McpServerConfig = z.infer<ReturnType<typeof mcpServerConfigSchema>>;

export const mcpServerKeys = lazy(
  (): ReadonlySet<string> => new Set(Object.keys(mcpServerConfigSchema().shape)),
);

/** Server names become part of tool names, so they keep to the API's name characters. */
export const mcpServerNameSchema = lazy(() =>
  z.string().regex(/^[a-zA-Z0-9_-]+$/, "server names may use letters, digits, `_` and `-` only"),
);

export const mcpServersSchema = lazy(() =>
  z.record(mcpServerNameSchema(), mcpServerConfigSchema()),
);

/**
 * `[models."<slug>"]` in config.toml (docs/config.md, "Models"): facts laid over the bundled
 * and discovered catalog for one model. Every key is optional.
 */
export const modelOverridesSchema = () =>
  z.record(
    z.string().min(1),
    z
      .object({
        display_name: z.string().min(1).optional(),
        context_window: z.number().int().positive().optional(),
        max_context_window: z.number().int().positive().optional(),
        auto_compact_token_limit: z.number().int().positive().optional(),
        efforts: z.array(z.enum(EFFORT_CHOICES)).optional(),
        default_effort: z.enum(EFFORT_CHOICES).optional(),
        effort_updates: z.boolean().optional(),
        ultra_effort: z.enum(REASONING_EFFORTS).optional(),
        request_shape: z.enum(["classic", "lite"]).optional(),
        verbosity: z.enum(["low", "medium", "high"]).optional(),
        service_tiers: z.array(z.string()).optional(),
      })
      .strict(),
  );
export type ModelOverrides = z.output<ReturnType<typeof modelOverridesSchema>>;

/** `[model_prices.<slug>]`: US dollars per million tokens, over the bundled prices. */
export const modelPricesSchema = () =>
  z.record(
    z.string(),
    z.object({
      input: z.number().nonnegative(),
      cached_input: z.number().nonnegative(),
      output: z.number().nonnegative(),
    }),
  );

/** Codex's `[projects."<path>"] trust_level`: the TUI's answer to its trust question. */
export const projectsSchema = () =>
  z.record(z.string(), z.object({ trust_level: z.enum(["trusted", "untrusted"]).optional() }));
