import { z } from "zod";
import { lazy } from "../protocol/index.js";

const DEFAULT_STARTUP_TIMEOUT_SEC = 10;
const DEFAULT_TOOL_TIMEOUT_SEC = 60;

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

/** Whether a server's tool may be offered, by `enabled_tools` then `disabled_tools`. */
export function toolAllowed(config: McpServerConfig, tool: string): boolean {
  if (config.enabled_tools && !config.enabled_tools.includes(tool)) return false;
  return !config.disabled_tools?.includes(tool);
}

export function startupTimeoutMs(config: McpServerConfig): number {
  return Math.round((config.startup_timeout_sec ?? DEFAULT_STARTUP_TIMEOUT_SEC) * 1000);
}

export function toolTimeoutMs(config: McpServerConfig): number {
  return Math.round((config.tool_timeout_sec ?? DEFAULT_TOOL_TIMEOUT_SEC) * 1000);
}
