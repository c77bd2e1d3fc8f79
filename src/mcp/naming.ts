import { createHash } from "node:crypto";

/** The Responses API's function-name rule. */
const TOOL_NAME_MAX_LENGTH = 64;
const DELIMITER = "__";

function sanitize(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, "_");
}

function shortHash(text: string): string {
  return createHash("sha1").update(text).digest("hex").slice(0, 10);
}

/**
 * `mcp__<server>__<tool>` as the Codex CLI names MCP tools, fitted to `^[a-zA-Z0-9_-]+$` and
 * 64 characters: invalid characters become `_`; a name too long, or taken already, keeps its
 * head and ends in a hash of the raw name, so the same tools always get the same names.
 */
export function qualifiedToolName(
  server: string,
  tool: string,
  taken: ReadonlySet<string>,
): string {
  const raw = `mcp${DELIMITER}${server}${DELIMITER}${tool}`;
  const clean = sanitize(raw);
  if (clean.length <= TOOL_NAME_MAX_LENGTH && !taken.has(clean)) return clean;
  const suffix = `_${shortHash(raw)}`;
  const hashed = clean.slice(0, TOOL_NAME_MAX_LENGTH - suffix.length) + suffix;
  if (!taken.has(hashed)) return hashed;
  for (let n = 2; ; n++) {
    const numbered = `_${shortHash(`${raw}#${n}`)}`;
    const candidate = clean.slice(0, TOOL_NAME_MAX_LENGTH - numbered.length) + numbered;
    if (!taken.has(candidate)) return candidate;
  }
}

interface NamedTool {
  server: string;
  tool: string;
}

/**
 * Names for a set of tools, assigned in sorted (server, tool) order so the result does not
 * depend on the order servers answered in.
 */
export function assignToolNames<T extends NamedTool>(
  tools: readonly T[],
): Array<T & { name: string }> {
  const sorted = [...tools].sort(compareTools);
  const taken = new Set<string>();
  return sorted.map((entry) => {
    const name = qualifiedToolName(entry.server, entry.tool, taken);
    taken.add(name);
    return { ...entry, name };
  });
}

/** Server then tool, by code unit (not locale), so every machine sorts alike. */
function compareTools(a: NamedTool, b: NamedTool): number {
  if (a.server !== b.server) return a.server < b.server ? -1 : 1;
  if (a.tool !== b.tool) return a.tool < b.tool ? -1 : 1;
  return 0;
}
