import type { McpServer } from "@agentclientprotocol/sdk";

// The MCP servers an editor hands `session/new` (and load/resume), joined to the configured
// ones as `-c mcp_servers.<name>={…}` overrides: a stdio server by its command, an HTTP one by
// its URL and headers. A name of the client's replaces a configured server of that name. SSE
// servers are not offered (initialize says `sse: false`).

/** Server names become part of tool names: letters, digits, `_` and `-` only. */
function serverName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]+/g, "_").replace(/^_+|_+$/g, "");
  return cleaned === "" ? "client" : cleaned;
}

/** A TOML basic string (JSON's escapes are TOML's). */
const str = (value: string) => JSON.stringify(value);

function table(entries: ReadonlyArray<{ name: string; value: string }>): string {
  return `{ ${entries.map((entry) => `${str(entry.name)} = ${str(entry.value)}`).join(", ")} }`;
}

/** The `-c` overrides that add the client's servers (unsupported ones are named in `skipped`). */
export function clientServerOverrides(servers: readonly McpServer[]): {
  overrides: string[];
  skipped: string[];
} {
  const overrides: string[] = [];
  const skipped: string[] = [];
  for (const server of servers) {
    const key = `mcp_servers.${serverName(server.name)}`;
    if ("type" in server && server.type === "sse") {
      skipped.push(`${server.name} (SSE transport: not supported, use streamable HTTP)`);
      continue;
    }
    if ("url" in server) {
      const headers = server.headers.length > 0 ? `, http_headers = ${table(server.headers)}` : "";
      overrides.push(`${key}={ url = ${str(server.url)}${headers} }`);
      continue;
    }
    const args = `[${server.args.map(str).join(", ")}]`;
    const env = server.env.length > 0 ? `, env = ${table(server.env)}` : "";
    overrides.push(`${key}={ command = ${str(server.command)}, args = ${args}${env} }`);
  }
  return { overrides, skipped };
}
