import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  McpError,
  type Tool,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  errorMessage,
  isCredentialHeader,
  redactError,
  sentCredentials,
} from "../protocol/index.js";
import type { McpServerConfig } from "../settings/index.js";
import { startupTimeoutMs, toolAllowed, toolTimeoutMs } from "./config.js";
import type { McpCallResult } from "./result.js";

/**
 * A server's stderr log, readable by its owner only (0600 in a 0700 folder, as session files):
 * servers print tokens and paths there. Logs and folders made by older versions are narrowed too.
 */
function openPrivateLog(dir: string, file: string): number {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const fd = openSync(file, "a", 0o600);
  fchmodSync(fd, 0o600);
  return fd;
}

type McpServerState = "starting" | "ready" | "failed" | "exited" | "disabled";

/** A tool a server offers, as listed (before naming). */
export interface McpToolInfo {
  server: string;
  tool: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The tool's `readOnlyHint` annotation: approvals treat it like a read-only command. */
  readOnly: boolean;
}

export interface McpServerStatus {
  name: string;
  transport: "stdio" | "http";
  state: McpServerState;
  /** Why it failed or exited (no secrets: names and messages only). */
  error?: string;
  tools: string[];
  /** Where a stdio server's stderr goes. */
  logFile?: string;
}

/** A call that could not be made or did not finish: the model sees the message. */
export class McpCallError extends Error {
  override readonly name = "McpCallError";
}

interface McpConnectionDeps {
  /** Folder for the stderr logs ($MINI_CODEX_HOME/log/mcp). */
  logDir: string;
  env: NodeJS.ProcessEnv;
  /** mini-codex's working directory: a stdio server's default cwd. */
  cwd: string;
  /** The server's tool list changed (a `notifications/tools/list_changed` was handled). */
  onToolsChanged(): void;
}

const CLIENT_INFO = { name: "mini-codex", version: "0.1.0" };

/** One configured MCP server: its process or HTTP session, its tools, its calls. */
export class McpConnection {
  state: McpServerState;
  error: string | undefined;
  tools: McpToolInfo[] = [];
  private client: Client | undefined;
  private logFd: number | undefined;
  readonly logFile: string | undefined;

  constructor(
    readonly name: string,
    readonly config: McpServerConfig,
    private readonly deps: McpConnectionDeps,
  ) {
    this.state = config.enabled === false ? "disabled" : "starting";
    this.logFile = config.command ? join(deps.logDir, `${name}.log`) : undefined;
  }

  get transportKind(): "stdio" | "http" {
    return this.config.command ? "stdio" : "http";
  }

  /** Connect and list tools within startup_timeout_sec. Never throws: a failure is a state. */
  async start(): Promise<void> {
    if (this.state === "disabled") return;
    const timeoutMs = startupTimeoutMs(this.config);
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    this.client = client;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`did not start within ${timeoutMs / 1000} s (startup_timeout_sec)`)),
        timeoutMs,
      );
    });
    try {
      const transport = this.createTransport();
      client.onclose = () => this.closed();
      await Promise.race([client.connect(transport, { timeout: timeoutMs }), timedOut]);
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.refreshTools());
      this.tools = await Promise.race([this.listTools(timeoutMs), timedOut]);
      this.state = "ready";
    } catch (error) {
      this.state = "failed";
      this.error = errorMessage(redactError(error));
      this.note(`failed to start: ${this.error}`);
      await client.close().catch(() => {});
    } finally {
      clearTimeout(timer);
    }
  }

  async call(
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<McpCallResult> {
    const client = this.client;
    if (this.state !== "ready" || !client) {
      throw new McpCallError(
        `MCP server "${this.name}" is not running${this.error ? ` (${this.error})` : ""}`,
      );
    }
    const timeoutMs = toolTimeoutMs(this.config);
    try {
      const result = (await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: timeoutMs,
        signal,
      })) as McpCallResult;
      // what the server sent back, without any credential mini-codex sent (to any server)
      return sentCredentials.scrubValue(result);
    } catch (error) {
      redactError(error);
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new McpCallError(
          `MCP tool ${this.name}/${tool} timed out after ${timeoutMs / 1000} s (tool_timeout_sec)`,
        );
      }
      if (this.state !== "ready") {
        throw new McpCallError(`MCP server "${this.name}" exited during the call to ${tool}`);
      }
      throw new McpCallError(`MCP tool ${this.name}/${tool} failed: ${errorMessage(error)}`);
    }
  }

  status(): McpServerStatus {
    const status: McpServerStatus = {
      name: this.name,
      transport: this.transportKind,
      state: this.state,
      tools: this.tools.map((tool) => tool.tool),
    };
    if (this.error) status.error = this.error;
    if (this.logFile) status.logFile = this.logFile;
    return status;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (this.state === "ready" || this.state === "starting") this.state = "exited";
    await client?.close().catch(() => {});
    if (this.logFd !== undefined) closeSync(this.logFd);
    this.logFd = undefined;
  }

  private createTransport(): Transport {
    const { config } = this;
    if (config.command) {
      this.logFd = openPrivateLog(this.deps.logDir, this.logFile as string);
      this.note(`starting ${config.command}`);
      return new StdioClientTransport({
        command: config.command,
        args: config.args ?? [],
        env: this.serverEnv(),
        cwd: config.cwd ?? this.deps.cwd,
        stderr: this.logFd,
      });
    }
    return new StreamableHTTPClientTransport(new URL(config.url as string), {
      requestInit: { headers: this.httpHeaders() },
    });
  }

  /** The SDK's safe default variables, the ones named in env_vars, then env. */
  private serverEnv(): Record<string, string> {
    const env: Record<string, string> = getDefaultEnvironment();
    for (const name of this.config.env_vars ?? []) {
      const value = this.deps.env[name];
      if (value !== undefined) env[name] = value;
    }
    return { ...env, ...(this.config.env ?? {}) };
  }

  /**
   * The server's headers. Its credentials are noted as sent (taken out of whatever any server
   * sends back): the bearer token, every `env_http_headers` value (kept in the environment as
   * secrets are) and each `http_headers` value whose name says credential (`isCredentialHeader`).
   */
  private httpHeaders(): Record<string, string> {
    const headers: Record<string, string> = { ...(this.config.http_headers ?? {}) };
    for (const [name, value] of Object.entries(headers))
      if (isCredentialHeader(name)) sentCredentials.add(value);
    for (const [header, variable] of Object.entries(this.config.env_http_headers ?? {})) {
      const value = this.deps.env[variable];
      if (value) headers[header] = value;
      sentCredentials.add(value);
    }
    const tokenVar = this.config.bearer_token_env_var;
    if (tokenVar) {
      const token = this.deps.env[tokenVar];
      if (!token)
        throw new Error(`environment variable ${tokenVar} (bearer_token_env_var) is not set`);
      sentCredentials.add(token);
      headers.Authorization = `Bearer ${token}`;
    }
    return headers;
  }

  private async listTools(timeoutMs: number): Promise<McpToolInfo[]> {
    const client = this.client;
    if (!client) return [];
    const listed: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs });
      listed.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    // a listing is server text too: it goes into every request
    return sentCredentials
      .scrubValue(listed)
      .filter((tool) => toolAllowed(this.config, tool.name))
      .map((tool) => ({
        server: this.name,
        tool: tool.name,
        description: tool.description ?? tool.title ?? "",
        inputSchema: tool.inputSchema as Record<string, unknown>,
        readOnly: tool.annotations?.readOnlyHint === true,
      }));
  }

  private async refreshTools(): Promise<void> {
    try {
      this.tools = await this.listTools(startupTimeoutMs(this.config));
      this.deps.onToolsChanged();
    } catch (error) {
      this.note(`could not list the changed tools: ${errorMessage(redactError(error))}`);
    }
  }

  /** Its tools stay offered (the tools field stays as it was); calls to them fail clearly. */
  private closed(): void {
    if (this.state !== "ready") return;
    this.state = "exited";
    this.error = "the server exited";
    this.note("the server exited");
  }

  /** A line of mini-codex's own in the server's log, next to its stderr. */
  private note(line: string): void {
    if (this.logFd === undefined) return;
    try {
      writeSync(this.logFd, `[mini-codex ${new Date().toISOString()}] ${line}\n`);
    } catch {
      // the log is best effort
    }
  }
}
