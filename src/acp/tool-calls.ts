import { isAbsolute, resolve } from "node:path";
import type { ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";
import type { ResponseItem, ToolCallItem } from "../protocol/index.js";
import { webSearchQuery } from "../protocol/index.js";
import { isReadOnlyWords, shellWords } from "../sandbox/index.js";

// How a model's tool call shows in an editor: its ACP kind (the icon), a title, the files it
// touches (follow-along) and its arguments. Pure: from the call item (and the working directory).

interface ToolCallShape {
  kind: ToolKind;
  title: string;
  locations: ToolCallLocation[];
  rawInput?: unknown;
}

const READERS = new Set(["cat", "head", "tail", "less", "more", "nl", "bat", "wc"]);
const SEARCHERS = new Set(["rg", "grep", "egrep", "fgrep", "find", "fd", "ls", "tree", "ag"]);
const AGENT_TOOLS = new Set(["spawn_agent", "send_input", "wait_agent", "close_agent"]);

function args(call: ToolCallItem): Record<string, unknown> {
  if (call.type !== "function_call") return { input: call.input };
  try {
    const parsed: unknown = JSON.parse(call.arguments);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return { arguments: call.arguments };
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

const at = (cwd: string, path: string): ToolCallLocation => ({
  path: isAbsolute(path) ? path : resolve(cwd, path),
});

/** A command's kind: one plain read-only command reading files or searching; else `execute`. */
export function commandShape(command: string, cwd: string): ToolCallShape {
  const words = shellWords(command);
  const only = words?.length === 1 ? words[0] : undefined;
  const program = only?.[0];
  if (only && program && isReadOnlyWords(only)) {
    const operands = only.slice(1).filter((word) => !word.startsWith("-"));
    if (READERS.has(program) && operands.length > 0) {
      return { kind: "read", title: command, locations: operands.map((path) => at(cwd, path)) };
    }
    if (SEARCHERS.has(program)) return { kind: "search", title: command, locations: [] };
  }
  return { kind: "execute", title: command, locations: [] };
}

/** The files an apply_patch input names (`*** Add|Update|Delete File:` and `*** Move to:`). */
function patchFiles(input: string): string[] {
  const files: string[] = [];
  for (const line of input.split("\n")) {
    const match = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/.exec(line.trim());
    if (match?.[1] && !files.includes(match[1])) files.push(match[1]);
  }
  return files;
}

/** The shape of a call the model made (a function or custom tool call item). */
export function toolCallShape(call: ToolCallItem, cwd: string): ToolCallShape {
  const input = args(call);
  const rawInput = input;
  switch (call.name) {
    case "shell_command":
    case "exec_command": {
      const command = text(input.command) ?? text(input.cmd) ?? call.name;
      const dir = text(input.workdir);
      return { ...commandShape(command, dir ? resolve(cwd, dir) : cwd), rawInput };
    }
    case "write_stdin":
      return {
        kind: "execute",
        title: `Terminal ${String(input.session_id ?? "?")}: ${text(input.chars) ? "type" : "read"}`,
        locations: [],
        rawInput,
      };
    case "apply_patch": {
      const patch = text(input.input) ?? "";
      const files = patchFiles(patch);
      return {
        kind: "edit",
        title: files.length > 0 ? `Edit ${files.join(", ")}` : "Edit files",
        locations: files.map((path) => at(cwd, path)),
        rawInput,
      };
    }
    case "view_image": {
      const path = text(input.path);
      return {
        kind: "read",
        title: path ? `View ${path}` : "View an image",
        locations: path ? [at(cwd, path)] : [],
        rawInput,
      };
    }
    case "update_plan":
      return { kind: "think", title: "Update the plan", locations: [], rawInput };
    default:
      if (AGENT_TOOLS.has(call.name)) return agentCallShape(call.name, input);
      if (call.name.startsWith("mcp__")) {
        const [, server, tool] = call.name.split("__");
        return { kind: "other", title: `${server}: ${tool}`, locations: [], rawInput };
      }
      return { kind: "other", title: call.name, locations: [], rawInput };
  }
}

function agentCallShape(name: string, input: Record<string, unknown>): ToolCallShape {
  const task = text(input.message)?.split("\n", 1)[0];
  const target =
    text(input.target) ?? (Array.isArray(input.targets) ? input.targets.join(", ") : "");
  const title =
    name === "spawn_agent"
      ? `Spawn a subagent${task ? `: ${task}` : ""}`
      : name === "send_input"
        ? `Message subagent ${target}`
        : name === "wait_agent"
          ? `Wait for subagent ${target}`
          : `Close subagent ${target}`;
  return { kind: "think", title, locations: [], rawInput: input };
}

/** The hosted web search (an output item of its own, not a function call); undefined for others. */
export function webSearchShape(item: ResponseItem): ToolCallShape | undefined {
  const query = webSearchQuery(item);
  if (query === undefined) return undefined;
  return { kind: "fetch", title: `Search the web: ${query}`, locations: [] };
}
