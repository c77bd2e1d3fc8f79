import { readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { ToolCallItem } from "../../src/protocol/items.js";
import type { ToolOutput } from "../../src/protocol/tool-output.js";
import type { SandboxMode } from "../../src/sandbox/modes.js";
import { applyPatchTool } from "../../src/tools/apply-patch/tool.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import type {
  ApprovalGate,
  ToolContext,
  ToolDefinition,
  ToolEvent,
  ToolRouter,
} from "../../src/tools/types.js";
import { runToolCall } from "../../src/turn/tool-calls/index.js";

/** Every file below `dir` as relative path → bytes (a missing dir is an empty tree). */
export async function readTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (current: string): Promise<void> => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out[relative(dir, full)] = (await readFile(full)).toString("latin1");
    }
  };
  await walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** A tool output that must be text (only view_image answers with content parts). */
export function textOutput(output: ToolOutput): string {
  if (typeof output !== "string") {
    throw new Error(`expected a text output, got ${JSON.stringify(output).slice(0, 120)}`);
  }
  return output;
}

/** What a tool test hands a call: the tool's context, and the approval gate when there is one. */
export type CallContext = ToolContext & { approve?: ApprovalGate };

/**
 * One call through the tool-call pipeline as a session runs it, without hooks or history: the
 * tool's events go to `ctx.emit`; the call id is `ctx.callId`.
 */
export async function execute(
  tools: ToolRouter,
  call: ToolCallItem,
  ctx: CallContext,
): Promise<ToolOutput> {
  const { output } = await runToolCall(
    { ...call, call_id: ctx.callId },
    {
      tools,
      cwd: ctx.cwd,
      workspaceRoots: ctx.workspaceRoots,
      sandbox: ctx.sandbox,
      signal: ctx.signal,
      ...(ctx.approve ? { approve: ctx.approve } : {}),
      emit: (event) => {
        if (event.type === "tool") ctx.emit(event.event);
        if (event.type === "warning") ctx.warn?.(event.message);
      },
      append: () => {},
      ...(ctx.recordPatchIntent
        ? { recordPatchIntent: (_id, intent) => ctx.recordPatchIntent?.(intent) }
        : {}),
    },
  );
  return output;
}

/** A tool table whose calls run through the pipeline: `.execute(call, ctx)`. */
export function callable(tools: ToolRouter) {
  return { execute: (call: ToolCallItem, ctx: CallContext) => execute(tools, call, ctx) };
}

/** A router whose outputs are read as text: for the tools that always answer with text. */
export function textRouter(router: ToolRouter) {
  return {
    execute: async (call: ToolCallItem, ctx: CallContext) =>
      textOutput(await execute(router, call, ctx)),
  };
}

export interface TempWorkspace {
  root: string;
  /** The workspace: `root/ws`. */
  ws: string;
  cleanup(): Promise<void>;
}

export async function tempWorkspace(
  fromDir?: string,
  base: string = tmpdir(),
): Promise<TempWorkspace> {
  const root = await mkdtemp(join(base, "mini-codex-tools-"));
  const ws = join(root, "ws");
  await mkdir(ws);
  if (fromDir) await cp(fromDir, ws, { recursive: true }).catch(() => {});
  return { root, ws, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export function makeContext(
  cwd: string,
  overrides: Partial<CallContext> & { sandbox?: SandboxMode } = {},
): CallContext & { events: ToolEvent[] } {
  const events: ToolEvent[] = [];
  return {
    callId: "call_1",
    cwd,
    workspaceRoots: [cwd],
    sandbox: "workspace-write",
    signal: new AbortController().signal,
    emit: (event) => events.push(event),
    events,
    ...overrides,
  };
}

/** Poll a predicate (no fixed sleeps); the default guards a process's start or end under load. */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let sleeps = 0;

/**
 * A `sleep` command whose argument no other process has: found on the host by its command
 * line, whatever pid namespace the sandbox gave it.
 */
export function uniqueSleep(): string {
  sleeps += 1;
  // fixed widths (pids stay under 10^7: CI's pid_max is 4 194 304): pid 12345's 12th sleep and
  // pid 123451's 2nd would otherwise both be `sleep 300.1234512`
  const pid = String(process.pid).padStart(7, "0");
  return `sleep 300.${pid}${String(sleeps).padStart(4, "0")}`;
}

/** Host pids of running (not zombie) processes whose command line is exactly `command`. */
export function processesRunning(command: string): number[] {
  const wanted = `${command.split(" ").join("\0")}\0`;
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8") !== wanted) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** One function call of `tool` with `args` (JSON text) through the pipeline. */
export function callTool(
  tool: ToolDefinition,
  args: string,
  ctx: CallContext,
): Promise<ToolOutput> {
  const call = {
    type: "function_call" as const,
    name: tool.name,
    call_id: ctx.callId,
    arguments: args,
  };
  return execute(new ToolRegistry([tool]), call, ctx);
}

/** One apply_patch call (the custom tool) through the pipeline: parse, verify, the gate, write. */
export async function applyPatch(patch: string, ctx: CallContext): Promise<string> {
  const call = {
    type: "custom_tool_call" as const,
    name: "apply_patch",
    call_id: ctx.callId,
    input: patch,
  };
  return textOutput(await execute(new ToolRegistry([applyPatchTool()]), call, ctx));
}
