import {
  asToolCall,
  goalTitleOf,
  messageText,
  type ResponseItem,
  type ToolCallItem,
  type ToolOutput,
  toolOutputText,
} from "../../protocol/index.js";
import {
  COMPACTION_SUMMARY_PREFIX,
  isInitialContextItem,
  USER_SHELL_TAG,
} from "../../session/index.js";
import { shownOutput } from "../../text/index.js";
import { outputsByCall } from "./history-entries.js";

/** What the document says about the session it comes from. */
interface ExportAbout {
  sessionId: string;
  cwd: string;
  model: string;
  effort?: string;
  exportedAt: Date;
}

/** A fence longer than any run of backticks in `text`, so the block can hold it whole. */
function fenced(text: string, info = ""): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text.replace(/\n$/, "")}\n${fence}`;
}

/** The JSON arguments of a function call (empty when they never parsed). */
function argumentsOf(call: ToolCallItem): Record<string, unknown> {
  if (call.type !== "function_call") return {};
  try {
    const parsed: unknown = JSON.parse(call.arguments);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** One tool call and what came back, as the person would want to read it later. */
function toolSection(call: ToolCallItem, output: ToolOutput | undefined): string {
  const args = argumentsOf(call);
  const result = output === undefined ? "(no output)" : shownOutput(toolOutputText(output));
  const command = text(args.command) || text(args.cmd);
  if (command) return `**Ran** \`${command.replaceAll("`", "'")}\`\n\n${fenced(result, "text")}`;
  if (call.name === "apply_patch") {
    const patch = call.type === "custom_tool_call" ? call.input : text(args.input);
    return `**Patch**\n\n${fenced(patch, "diff")}\n\n${fenced(result, "text")}`;
  }
  if (call.name === "update_plan" && Array.isArray(args.plan)) {
    const steps = (args.plan as Array<{ step?: unknown; status?: unknown }>).map(
      (s) => `- [${s.status === "completed" ? "x" : " "}] ${text(s.step)}`,
    );
    return `**Plan**\n\n${steps.join("\n")}`;
  }
  const input = call.type === "custom_tool_call" ? call.input : JSON.stringify(args, null, 2);
  return `**Tool** \`${call.name}\`\n\n${fenced(input, call.type === "function_call" ? "json" : "")}\n\n${fenced(result, "text")}`;
}

/**
 * The conversation as a Markdown document: the person's messages, the answers, each command,
 * patch and plan with its result (outputs whole, escape sequences dropped). The context the
 * model was given (instructions, environment, AGENTS.md, settings notes) and reasoning are left
 * out. Pure: the same history gives the same text.
 */
export function conversationMarkdown(history: readonly ResponseItem[], about: ExportAbout): string {
  const outputs = outputsByCall(history);
  const effort = about.effort ? ` (${about.effort})` : "";
  const parts = [
    `# mini-codex session ${about.sessionId}`,
    [
      `- directory: \`${about.cwd}\``,
      `- model: ${about.model}${effort}`,
      `- exported: ${about.exportedAt.toISOString()}`,
    ].join("\n"),
  ];
  for (const item of history) {
    const call = asToolCall(item);
    if (call) {
      parts.push(toolSection(call, outputs.get(call.call_id)));
      continue;
    }
    if (item.type !== "message" || isInitialContextItem(item)) continue;
    const said = shownOutput(messageText(item) ?? "").trim();
    if (said === "") continue;
    if (item.role === "assistant") parts.push(`## mini-codex\n\n${said}`);
    else if (said.startsWith(COMPACTION_SUMMARY_PREFIX)) {
      parts.push(
        `## Summary of the earlier conversation\n\n${said.slice(COMPACTION_SUMMARY_PREFIX.length).trim()}`,
      );
    } else if (said.startsWith(USER_SHELL_TAG)) parts.push(`## You ran\n\n${fenced(said, "text")}`);
    else if (goalTitleOf(said) !== undefined) parts.push(`## Goal turn\n\n${goalTitleOf(said)}`);
    else if (item.role === "user") parts.push(`## You\n\n${said}`);
  }
  return `${parts.join("\n\n")}\n`;
}

/** The text of the last answer in `history` (undefined before the first). */
export function lastAnswer(history: readonly ResponseItem[]): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const item = history[i] as ResponseItem;
    if (item.type !== "message" || item.role !== "assistant") continue;
    const said = messageText(item)?.trim();
    if (said) return said;
  }
  return undefined;
}
