import { join } from "node:path";
import type { McpServerConfig } from "../settings/index.js";
import type { ToolDefinition, ToolSource } from "../tools/index.js";
import { McpConnection, type McpServerStatus } from "./connection.js";
import { assignToolNames } from "./naming.js";
import { mcpToolDefinition } from "./tools.js";

export interface McpManagerOptions {
  servers: Record<string, McpServerConfig>;
  /** $MINI_CODEX_HOME: stderr logs go to its log/mcp folder. */
  home: string;
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** Where a stdio server's stderr is written. */
export function mcpLogDir(home: string): string {
  return join(home, "log", "mcp");
}

/**
 * The session's MCP servers, started in parallel. A server that fails to start is a warning,
 * never a failed session. Its tools are a registry source: sorted by server and tool.
 */
export class McpManager implements ToolSource {
  private readonly connections: McpConnection[];
  private readonly listeners = new Set<() => void>();
  private cached: ToolDefinition[] | undefined;

  constructor(options: McpManagerOptions) {
    const deps = {
      logDir: mcpLogDir(options.home),
      env: options.env ?? process.env,
      cwd: options.cwd,
      onToolsChanged: () => this.toolsChanged(),
    };
    this.connections = Object.keys(options.servers)
      .sort()
      .map((name) => new McpConnection(name, options.servers[name] as McpServerConfig, deps));
  }

  /** Start every enabled server at once; resolves when each is ready or has failed. */
  async start(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.start()));
    this.cached = undefined;
  }

  /** One line per server that failed to start, for the session's warnings. */
  startupWarnings(): string[] {
    return this.connections
      .filter((connection) => connection.state === "failed")
      .map((connection) => `MCP server "${connection.name}" is not available: ${connection.error}`);
  }

  definitions(): ToolDefinition[] {
    this.cached ??= this.buildDefinitions();
    return this.cached;
  }

  /** Called when a server's tool list changed; the session applies it at the next user turn. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  status(): McpServerStatus[] {
    return this.connections.map((connection) => connection.status());
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
  }

  private buildDefinitions(): ToolDefinition[] {
    const byServer = new Map(this.connections.map((connection) => [connection.name, connection]));
    const listed = this.connections.flatMap((connection) => connection.tools);
    return assignToolNames(listed).map((tool) =>
      mcpToolDefinition(tool, byServer.get(tool.server) as McpConnection),
    );
  }

  private toolsChanged(): void {
    this.cached = undefined;
    for (const listener of this.listeners) listener();
  }
}
