/**
 * MCP servers: started on first use (stdio or HTTP), their tools offered to the model under
 * their server's name, calls routed to them, their status for /mcp.
 */

export { McpConfigEditError, removeMcpServer, upsertMcpServer } from "./config-file.js";
export type { McpServerStatus } from "./connection.js";
export type { McpManager } from "./manager.js";
