import type { McpServerStatus } from "../../../mcp/index.js";
import { info, type SlashCommand } from "../types.js";

const MAX_TOOLS_SHOWN = 8;

function toolsCell(server: McpServerStatus): string {
  if (server.error) return server.error;
  const shown = server.tools.slice(0, MAX_TOOLS_SHOWN).join(", ");
  const more = server.tools.length - MAX_TOOLS_SHOWN;
  return more > 0 ? `${shown}, … +${more}` : shown || "(no tools)";
}

/** One row per configured MCP server: transport, state, tools (or why it is not there). */
export function mcpStatusRows(servers: readonly McpServerStatus[]): string[][] {
  return servers.map((server) => [
    server.name,
    server.transport,
    server.state,
    String(server.tools.length),
    toolsCell(server),
  ]);
}

export const mcpCommand: SlashCommand = {
  name: "mcp",
  description: "MCP servers of this session: state and tools",
  allowedWhileBusy: true,
  run(ctx) {
    const servers = ctx.controller.session.mcpServers?.() ?? [];
    if (servers.length === 0) {
      ctx.print(info("No MCP servers are configured ([mcp_servers.<name>] in config.toml)."));
      return;
    }
    ctx.print({
      kind: "table",
      title: "MCP servers",
      header: ["server", "transport", "state", "tools", "tool names"],
      rows: mcpStatusRows(servers),
    });
  },
};
