import type { McpManager } from "../mcp/index.js";
import type { McpServerConfig } from "../settings/index.js";

/** The run's MCP servers: started on first use, shared by its sessions (the TUI's /new too). */
export interface McpServers {
  /** Undefined when no server is configured. Resolves once each one is ready or has failed. */
  get(): Promise<McpManager | undefined>;
  close(): Promise<void>;
}

export function mcpServers(input: {
  servers: Record<string, McpServerConfig> | undefined;
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}): McpServers {
  let started: Promise<McpManager | undefined> | undefined;
  const get = (): Promise<McpManager | undefined> => {
    const servers = input.servers ?? {};
    if (Object.keys(servers).length === 0) return Promise.resolve(undefined);
    // loaded only when configured: the SDK is not part of a plain exec's start-up
    started ??= import("../mcp/manager.js").then(async ({ McpManager }) => {
      const manager = new McpManager({ servers, home: input.home, cwd: input.cwd, env: input.env });
      await manager.start();
      return manager;
    });
    return started;
  };
  return {
    get,
    close: async () => {
      const manager = await started;
      await manager?.close();
    },
  };
}
