import { basename } from "node:path";
import {
  asToolCall,
  goalTitleOf,
  isToolOutputValue,
  messageText,
  type ResponseItem,
  type ToolCallItem,
  type ToolOutput,
  toolOutputText,
} from "../../protocol/index.js";
import type { AgentSession } from "../../session/index.js";
import { isInitialContextItem } from "../../session/index.js";
import { printable } from "../../text/index.js";
import type { FileChange } from "../../tools/index.js";
import { SUMMARY_PREFIX } from "../../turn/index.js";
import type { SessionSource } from "../contract.js";
import { agentHistoryEntries, agentNames } from "./agent-history.js";
import { collapseOutput, type TranscriptEntryBody } from "./transcript-entries.js";

const PATCH_LINE = /^([AMD]) (.+)$/;
const KINDS = { A: "add", M: "update", D: "delete" } as const;

/** Each tool call's output in a history, by its `call_id`. */
export function outputsByCall(history: readonly ResponseItem[]): Map<string, ToolOutput> {
  const outputs = new Map<string, ToolOutput>();
  for (const item of history) {
    if (typeof item.call_id === "string" && isToolOutputValue(item.output)) {
      outputs.set(item.call_id, item.output);
    }
  }
  return outputs;
}

/** The transcript a saved history shows on screen (resume, fork): what the person saw then. */
export function historyEntries(history: readonly ResponseItem[]): TranscriptEntryBody[] {
  const outputs = outputsByCall(history);
  const out: TranscriptEntryBody[] = [];
  const names = agentNames(history);
  for (const item of history) {
    const call = asToolCall(item);
    if (call) {
      const output = outputs.get(call.call_id);
      const agents = agentHistoryEntries(call, output ? toolOutputText(output) : "", names);
      out.push(...(agents ?? [toolEntry(call, output)]));
      continue;
    }
    if (item.type !== "message" || isInitialContextItem(item)) continue;
    const text = messageText(item) ?? "";
    if (item.role === "user" && text.startsWith(SUMMARY_PREFIX)) {
      out.push({
        kind: "info",
        title: "Summary of the earlier conversation",
        lines: text.slice(SUMMARY_PREFIX.length).trim().split("\n"),
      });
    } else if (item.role === "user" && goalTitleOf(text) !== undefined) {
      // a goal's turn: the person typed /goal, not this message
      out.push({ kind: "notice", level: "info", text: `↻ ${goalTitleOf(text)}` });
    } else if (item.role === "user") out.push({ kind: "user", text });
    else if (item.role === "assistant" && text !== "") {
      out.push({ kind: "agent", lines: text.split("\n"), first: true, fenceOpen: false });
    }
  }
  return out;
}

function toolEntry(call: ToolCallItem, output: ToolOutput | undefined): TranscriptEntryBody {
  if (call.name === "view_image" && output !== undefined) return imageEntry(call, output);
  const text = output === undefined ? "" : toolOutputText(output);
  if (call.name === "shell_command") return commandEntry(call, text);
  if (call.name === "apply_patch") return patchEntry(text);
  return { kind: "notice", level: "info", text: `${call.name} was called` };
}

/** What the live view showed: the image's label, or the error the model got instead. */
function imageEntry(call: ToolCallItem, output: ToolOutput): TranscriptEntryBody {
  if (typeof output === "string")
    return { kind: "notice", level: "warning", text: printable(output) };
  const path = argument(call, "path") ?? "image";
  const text = printable(`Viewed ${toolOutputText(output, basename(path))}`);
  return { kind: "notice", level: "info", text };
}

/** A string argument of a function call (undefined when absent or unparsable). */
function argument(call: ToolCallItem, name: string): string | undefined {
  try {
    const args = JSON.parse(call.type === "function_call" ? call.arguments : "{}") as Record<
      string,
      unknown
    >;
    return typeof args[name] === "string" ? args[name] : undefined;
  } catch {
    return undefined;
  }
}

/** `Exit code: N\nWall time: S seconds\nOutput:\n…` back into a command entry. */
function commandEntry(call: ToolCallItem, output: string): TranscriptEntryBody {
  // arguments that never parsed: the command stays blank
  const command = argument(call, "command") ?? "";
  const code = /^Exit code: (-?\d+)/m.exec(output);
  const seconds = /^Wall time: ([\d.]+) seconds/m.exec(output);
  const marker = output.indexOf("Output:\n");
  const body = marker >= 0 ? output.slice(marker + "Output:\n".length) : output;
  return {
    kind: "command",
    command,
    exitCode: code ? Number(code[1]) : null,
    timedOut: false,
    aborted: output === "aborted",
    ...collapseOutput(body),
    durationMs: seconds ? Number(seconds[1]) * 1000 : 0,
  };
}

/** `Success. Updated the following files:` with `A|M|D path` lines, else the error text. */
function patchEntry(output: string): TranscriptEntryBody {
  if (!output.startsWith("Success.")) {
    return { kind: "patch", ok: false, changes: [], error: output.split("\n")[0] ?? "" };
  }
  const changes: FileChange[] = [];
  for (const line of output.split("\n")) {
    const match = PATCH_LINE.exec(line);
    if (match) changes.push({ path: match[2] ?? "", kind: KINDS[match[1] as keyof typeof KINDS] });
  }
  return { kind: "patch", ok: true, changes };
}

/** What a resumed or forked session shows first: where it came from, then its conversation. */
export function restoredEntries(
  source: SessionSource,
  session: AgentSession,
): TranscriptEntryBody[] {
  const from = "fork" in source ? source.fork : source.resume;
  const parent = "id" in from ? from.id : "the latest session";
  const text =
    "fork" in source
      ? `Forked from ${parent}: this is a new session (${session.id}); the old one is unchanged.`
      : `Resumed session ${session.id}.${childOf(session.spawnedBy)}`;
  return [...historyEntries(session.history()), { kind: "notice", level: "info", text }];
}

/** " It is agent-1, a subagent of 01a2… ("fix the tests")." for a child's thread resumed alone. */
function childOf(parent: AgentSession["spawnedBy"]): string {
  if (!parent) return "";
  const name = parent.name ? `${parent.name}, ` : "";
  const first = parent.firstMessage ? ` (“${printable(parent.firstMessage)}”)` : "";
  return ` It is ${name}a subagent of ${parent.id}${first}.`;
}
