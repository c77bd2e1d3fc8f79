import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import type { McpServerConfig } from "../settings/index.js";

/** config.toml cannot be edited as asked (the server is written in a form we do not rewrite). */
export class McpConfigEditError extends Error {
  override readonly name = "McpConfigEditError";
}

const HEADER = /^\s*\[\[?([^\]]+)\]\]?\s*(?:#.*)?$/;
const KEY_PART = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;

/** The dotted key path of a `[table]` header line, or undefined for any other line. */
export function tableHeaderPath(line: string): string[] | undefined {
  const match = HEADER.exec(line);
  if (!match?.[1]) return undefined;
  const text = match[1];
  const path: string[] = [];
  KEY_PART.lastIndex = 0;
  while (KEY_PART.lastIndex < text.length) {
    const part = KEY_PART.exec(text);
    if (!part) return undefined;
    path.push(part[1] ?? part[2] ?? part[3] ?? "");
    if (part[4] === "") break;
  }
  return path;
}

function belongsTo(path: string[] | undefined, name: string): boolean {
  return path !== undefined && path[0] === "mcp_servers" && path[1] === name;
}

function definedServers(text: string): Record<string, unknown> {
  const table = parseToml(text) as { mcp_servers?: Record<string, unknown> };
  return table.mcp_servers ?? {};
}

/** The comment lines that end a removed section: they sit right above the next table. */
function leadingComments(dropped: string[]): string[] {
  let start = dropped.length;
  while (start > 0 && /^\s*#/.test(dropped[start - 1] ?? "")) start--;
  return dropped.slice(start);
}

/**
 * config.toml without `[mcp_servers.<name>]` and its sub-tables; every other line (comments,
 * other keys) stays as it was. `removed` is false when there was no such server.
 */
export function removeMcpServer(text: string, name: string): { text: string; removed: boolean } {
  if (!(name in definedServers(text))) return { text, removed: false };
  const kept: string[] = [];
  let dropped: string[] = [];
  let found = false;
  for (const line of text.split("\n")) {
    const path = tableHeaderPath(line);
    if (path && belongsTo(path, name)) {
      found = true;
      dropped.push(line);
    } else if (path || dropped.length === 0) {
      // Comments right above the next table are that table's.
      kept.push(...leadingComments(dropped), line);
      dropped = [];
    } else dropped.push(line);
  }
  if (!found) {
    throw new McpConfigEditError(
      `mcp_servers.${name} is not written as a [mcp_servers.${name}] table; edit config.toml by hand`,
    );
  }
  const joined = kept.join("\n").replace(/\n{3,}/g, "\n\n");
  return { text: joined.trim() === "" ? "" : `${joined.replace(/\s+$/, "")}\n`, removed: true };
}

/** config.toml with `[mcp_servers.<name>]` set to `server` (replacing one of that name). */
export function upsertMcpServer(text: string, name: string, server: McpServerConfig): string {
  const { text: without } = removeMcpServer(text, name);
  const block = stringifyToml({ mcp_servers: { [name]: server } }).trim();
  const head = without.replace(/\s+$/, "");
  return head === "" ? `${block}\n` : `${head}\n\n${block}\n`;
}
