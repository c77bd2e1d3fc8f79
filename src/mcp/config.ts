/** How a configured MCP server's entry (its schema: src/settings/table-schemas.ts) is read. */
import type { McpServerConfig } from "../settings/index.js";

const DEFAULT_STARTUP_TIMEOUT_SEC = 10;
const DEFAULT_TOOL_TIMEOUT_SEC = 60;

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
