import type {
  ContentBlock,
  PlanEntry,
  PlanEntryStatus,
  SessionUpdate,
  ToolCallStatus,
} from "@agentclientprotocol/sdk";
import {
  assistantText,
  asToolCall,
  isToolOutputValue,
  messageText,
  type ResponseItem,
  reasoningText,
  type ToolOutput,
  toolOutputText,
} from "../protocol/index.js";
import { COMPACTION_SUMMARY_PREFIX, isPersonMessage } from "../session/index.js";
import { toolCallShape, webSearchShape } from "./tool-calls.js";

// `session/load`: a saved conversation as the updates that would have shown it live — the
// person's messages as user chunks, answers and reasoning summaries as agent chunks, each tool
// call with its saved output, update_plan as the plan. Pure: from the history items.

const PLAN_STATUSES: readonly PlanEntryStatus[] = ["pending", "in_progress", "completed"];
const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/** A user message's parts as content blocks: its text, and its images (data URLs) as images. */
function userBlocks(item: ResponseItem): ContentBlock[] {
  const parts = Array.isArray(item.content) ? (item.content as Array<Record<string, unknown>>) : [];
  const blocks: ContentBlock[] = [];
  for (const part of parts) {
    if (part.type === "input_text" && typeof part.text === "string" && part.text !== "") {
      blocks.push({ type: "text", text: part.text });
    } else if (part.type === "input_image" && typeof part.image_url === "string") {
      const data = DATA_URL.exec(part.image_url);
      if (data)
        blocks.push({ type: "image", mimeType: data[1] as string, data: data[2] as string });
    }
  }
  return blocks;
}

/** Each call's output in a history, by its call id. */
function outputsByCall(history: readonly ResponseItem[]): Map<string, ToolOutput> {
  const outputs = new Map<string, ToolOutput>();
  for (const item of history) {
    if (typeof item.call_id === "string" && isToolOutputValue(item.output)) {
      outputs.set(item.call_id, item.output);
    }
  }
  return outputs;
}

/** How a saved call ended, from its output alone. */
function savedStatus(name: string, output: string | undefined): ToolCallStatus {
  if (output === undefined || output === "aborted") return "failed";
  if (/^(denied|refused|not run)\b/.test(output)) return "failed";
  if (name === "apply_patch") return output.startsWith("Success.") ? "completed" : "failed";
  const exit = /^Exit code: (-?\d+)/m.exec(output);
  return exit && exit[1] !== "0" ? "failed" : "completed";
}

function planUpdate(argumentsText: string): SessionUpdate | undefined {
  try {
    const parsed = JSON.parse(argumentsText) as {
      plan?: Array<{ step?: unknown; status?: unknown }>;
    };
    const entries: PlanEntry[] = [];
    for (const step of parsed.plan ?? []) {
      const status = PLAN_STATUSES.find((known) => known === step.status);
      if (typeof step.step === "string" && status) {
        entries.push({ content: step.step, priority: "medium", status });
      }
    }
    return { sessionUpdate: "plan", entries };
  } catch {
    return undefined;
  }
}

export function historyUpdates(history: readonly ResponseItem[], cwd: string): SessionUpdate[] {
  const outputs = outputsByCall(history);
  const out: SessionUpdate[] = [];
  history.forEach((item, index) => {
    const messageId = typeof item.id === "string" ? item.id : `history-${index}`;
    const call = asToolCall(item);
    if (call) {
      if (call.name === "update_plan" && call.type === "function_call") {
        const plan = planUpdate(call.arguments);
        if (plan) out.push(plan);
        return;
      }
      const saved = outputs.get(call.call_id);
      const output = saved === undefined ? undefined : toolOutputText(saved);
      const shape = toolCallShape(call, cwd);
      out.push({
        sessionUpdate: "tool_call",
        toolCallId: call.call_id,
        title: shape.title,
        kind: shape.kind,
        status: savedStatus(call.name, output),
        locations: shape.locations,
        rawInput: shape.rawInput,
        ...(output
          ? { content: [{ type: "content", content: { type: "text", text: output } }] }
          : {}),
      });
      return;
    }
    const search = webSearchShape(item);
    if (search) {
      out.push({
        sessionUpdate: "tool_call",
        toolCallId: messageId,
        title: search.title,
        kind: search.kind,
        status: "completed",
      });
      return;
    }
    if (item.type === "message" && item.role === "user") {
      const said = messageText(item) ?? "";
      if (said.startsWith(COMPACTION_SUMMARY_PREFIX)) {
        out.push(agentChunk("agent_message_chunk", said, messageId));
      } else if (isPersonMessage(item)) {
        for (const content of userBlocks(item)) {
          out.push({ sessionUpdate: "user_message_chunk", content, messageId });
        }
      }
      return;
    }
    const answer = assistantText(item);
    if (answer) out.push(agentChunk("agent_message_chunk", answer, messageId));
    const thought = item.type === "reasoning" ? reasoningText(item) : undefined;
    if (thought) out.push(agentChunk("agent_thought_chunk", thought, messageId));
  });
  return out;
}

function agentChunk(
  sessionUpdate: "agent_message_chunk" | "agent_thought_chunk",
  text: string,
  messageId: string,
): SessionUpdate {
  return { sessionUpdate, content: { type: "text", text }, messageId };
}
