import type { ResponseItem } from "../../protocol/index.js";
import { expandCompaction } from "./compaction.js";

/**
 * How mini-codex's /compact asks for a summary (src/turn/compaction/compaction.ts COMPACTION_PROMPT
 * starts with this; a test keeps the two in step) and how it stores the summary it got.
 */
const COMPACTION_REQUEST_START = "Summarize this conversation so far";
const STORED_SUMMARY_START = "Summary of the conversation so far:";

const EMPTY_SUMMARY = "Nothing has been discussed yet.";

/** Whether a user message asks for a summary of the conversation. */
export function isCompactionRequest(text: string): boolean {
  return text.startsWith(COMPACTION_REQUEST_START);
}

/**
 * The demo model's summary of a conversation: one line per thing the user asked (what an
 * earlier summary listed included), and how many tool calls were made since it.
 */
export function summarizeConversation(context: readonly ResponseItem[]): string {
  const asked: string[] = [];
  let toolCalls = 0;
  for (const item of context) {
    if (item.type === "function_call" || item.type === "custom_tool_call") toolCalls += 1;
    const compacted = expandCompaction(item);
    if (compacted !== undefined) {
      asked.push(...compacted.split("\n").filter((line) => line.startsWith("- ")));
      continue;
    }
    const text = userText(item);
    if (text === undefined || isContext(text) || isCompactionRequest(text)) continue;
    if (text.startsWith(STORED_SUMMARY_START)) {
      asked.push(...text.split("\n").filter((line) => line.startsWith("- ")));
      continue;
    }
    const line = (text.split("\n")[0] ?? "").trim();
    asked.push(`- ${line.length > 120 ? `${line.slice(0, 117)}...` : line}`);
  }
  if (asked.length === 0 && toolCalls === 0) return EMPTY_SUMMARY;
  const lines = asked.length > 0 ? ["The user asked:", ...asked] : [];
  if (toolCalls > 0)
    lines.push(`The model made ${toolCalls} tool call${toolCalls > 1 ? "s" : ""}.`);
  return lines.join("\n");
}

/** The trimmed text of a user message (undefined for any other item). */
export function userText(item: ResponseItem | undefined): string | undefined {
  if (item?.type !== "message" || item.role !== "user") return undefined;
  const content = Array.isArray(item.content) ? item.content : [];
  return content
    .map((part) =>
      part && typeof part === "object" && !Array.isArray(part) && typeof part.text === "string"
        ? part.text
        : "",
    )
    .join("")
    .trim();
}

/** The environment_context / AGENTS.md messages every session starts with. */
function isContext(text: string): boolean {
  return text.startsWith("<") || text.startsWith("# AGENTS.md");
}
