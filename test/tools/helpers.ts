import { readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { ToolCallItem } from "../../src/protocol/items.js";
import type { ToolOutput } from "../../src/protocol/tool-output.js";
import type { SandboxMode } from "../../src/sandbox/modes.js";
import type { ToolContext, ToolEvent, ToolRouter } from "../../src/tools/types.js";

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

/** A router whose outputs are read as text: for the tools that always answer with text. */
export function textRouter(router: ToolRouter) {
  return {
    execute: async (call: ToolCallItem, ctx: ToolContext) =>
      textOutput(await router.execute(call, ctx)),
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
  overrides: Partial<ToolContext> & { sandbox?: SandboxMode } = {},
): ToolContext & { events: ToolEvent[] } {
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
