import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import {
  CliError,
  ConfigError,
  configPath,
  EXIT_FAILED,
  readConfigFile,
  resolveHomes,
  UsageError,
} from "../launch/index.js";
import { McpConfigEditError, removeMcpServer, upsertMcpServer } from "../mcp/index.js";
import { errorMessage } from "../protocol/index.js";
import {
  type McpServerConfig,
  mcpServerConfigSchema,
  mcpServerNameSchema,
  mcpServersSchema,
} from "../settings/index.js";

export interface McpAddOptions {
  env?: string[];
  url?: string;
  bearerTokenEnvVar?: string;
}

/** Text written to stdout; the caller prints it (tests read it). */
type Print = (text: string) => void;

function servers(file: string): Record<string, McpServerConfig> {
  const table = readConfigFile(file) ?? {};
  const parsed = mcpServersSchema().safeParse(table.mcp_servers ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = ["mcp_servers", ...(issue?.path ?? []).map(String)].join(".");
    throw new ConfigError(`invalid config value for \`${key}\`: ${issue?.message}`, key);
  }
  return parsed.data;
}

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw new CliError(`cannot read ${file}: ${errorMessage(error)}`, EXIT_FAILED);
  }
}

/** Replace config.toml in one step, so a crash never leaves half a file. */
function writeText(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

function describeTarget(server: McpServerConfig): string {
  if (server.url) return server.url;
  return [server.command, ...(server.args ?? [])].join(" ");
}

export function mcpList(home: string, json: boolean, print: Print): number {
  const all = servers(configPath(home));
  const names = Object.keys(all).sort();
  if (json) {
    print(
      `${JSON.stringify(
        names.map((name) => ({ name, ...all[name] })),
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  if (names.length === 0) {
    print("No MCP servers configured yet. Try `mini-codex mcp add my-tool -- my-command`.\n");
    return 0;
  }
  const rows = names.map((name) => {
    const server = all[name] as McpServerConfig;
    const state = server.enabled === false ? "disabled" : "enabled";
    return [name, server.url ? "http" : "stdio", state, describeTarget(server)];
  });
  const table = [["Name", "Transport", "Status", "Command / URL"], ...rows];
  const widths = table[0]?.map((_, col) =>
    Math.max(...table.map((row) => (row[col] ?? "").length)),
  );
  for (const row of table) {
    print(
      `${row
        .map((cell, col) => cell.padEnd(widths?.[col] ?? 0))
        .join("  ")
        .trimEnd()}\n`,
    );
  }
  return 0;
}

export function mcpGet(home: string, name: string, json: boolean, print: Print): number {
  const server = servers(configPath(home))[name];
  if (!server)
    throw new CliError(`no MCP server named ${name} in ${configPath(home)}`, EXIT_FAILED);
  if (json) {
    print(`${JSON.stringify({ name, ...server }, null, 2)}\n`);
    return 0;
  }
  const lines = [
    name,
    `  enabled: ${server.enabled !== false}`,
    `  transport: ${server.url ? "streamable_http" : "stdio"}`,
  ];
  for (const [key, value] of Object.entries(server)) {
    if (key === "enabled") continue;
    // env values may be secrets: show names only
    const shown = key === "env" ? Object.keys(value as object).join(", ") : JSON.stringify(value);
    lines.push(`  ${key}: ${shown}`);
  }
  lines.push(`  remove: mini-codex mcp remove ${name}`);
  print(`${lines.join("\n")}\n`);
  return 0;
}

function parseEnv(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`--env expects KEY=VALUE, got ${pair}`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return env;
}

/** `mcp add <name> [--env K=V]... -- <command> [args...]` or `mcp add <name> --url <url>`. */
export function mcpAdd(
  home: string,
  name: string,
  command: string[],
  options: McpAddOptions,
  print: Print,
): number {
  if (!mcpServerNameSchema().safeParse(name).success) {
    throw new UsageError(`invalid server name ${name}: use letters, digits, \`_\` and \`-\``);
  }
  if (options.url && command.length > 0)
    throw new UsageError("give either --url or a command, not both");
  const server: McpServerConfig = options.url
    ? {
        url: options.url,
        ...(options.bearerTokenEnvVar ? { bearer_token_env_var: options.bearerTokenEnvVar } : {}),
      }
    : {
        command: command[0] ?? "",
        ...(command.length > 1 ? { args: command.slice(1) } : {}),
        ...(options.env?.length ? { env: parseEnv(options.env) } : {}),
      };
  const checked = mcpServerConfigSchema().safeParse(server);
  if (!checked.success) {
    throw new UsageError(
      `mcp add ${name}: ${checked.error.issues[0]?.message ?? "invalid server"}`,
    );
  }
  const file = configPath(home);
  writeText(file, upsertMcpServer(readText(file), name, checked.data));
  print(`Added MCP server ${name} to ${file}.\n`);
  return 0;
}

export function mcpRemove(home: string, name: string, print: Print): number {
  const file = configPath(home);
  try {
    const { text, removed } = removeMcpServer(readText(file), name);
    if (!removed) throw new CliError(`no MCP server named ${name} in ${file}`, EXIT_FAILED);
    writeText(file, text);
  } catch (error) {
    if (error instanceof McpConfigEditError) throw new CliError(error.message, EXIT_FAILED);
    throw error;
  }
  print(`Removed MCP server ${name} from ${file}.\n`);
  return 0;
}

export const stdout: Print = (text) => process.stdout.write(text);
/** The home whose config.toml holds the MCP servers: the one the agent reads (`Homes.config`). */
export const defaultHome = (): string => resolveHomes().config;
