import type {
  PlanEntry,
  SessionUpdate,
  ToolCallContent,
  ToolCallStatus,
  ToolKind,
} from "@agentclientprotocol/sdk";
import { formatUsd } from "../models/index.js";
import {
  assertNever,
  assistantText,
  asToolCall,
  type ResponseItem,
  reasoningText,
  toolOutputText,
} from "../protocol/index.js";
import type { AgentView, SessionEvent } from "../session/index.js";
import { goalChangeText } from "../session/index.js";
import type { PatchPreview, PlanStep, ToolEvent } from "../tools/index.js";
import { fileDiff } from "./file-diffs.js";
import { ownMeta } from "./own-meta.js";
import { commandShape, toolCallShape, webSearchShape } from "./tool-calls.js";

// A turn as ACP session updates: text and reasoning deltas as message and thought chunks, each
// tool call as `tool_call` then `tool_call_update`s (pending → in_progress → completed/failed,
// with the command's output, a patch's diffs and its streaming preview), update_plan as `plan`,
// subagents as `think` tool calls with their state and cost. Deterministic and I/O-free: the
// session sends what `map` returns. Usage (`request_finished`) is the session's: it needs status.

/** Most of a command's output an update carries while it runs (its tail); the end has all. */
const LIVE_OUTPUT_CHARS = 64 * 1024;

interface OpenCall {
  kind: ToolKind;
  /** The tool's name (update_plan is shown as the plan only). */
  name: string;
  output: string;
  /** A tool event said how it ended (a command's exit, a patch's result). */
  ended?: ToolCallStatus;
  /** A tool event set the content (the final update keeps it). */
  hasContent: boolean;
}

const status = (ok: boolean): ToolCallStatus => (ok ? "completed" : "failed");

const text = (value: string): ToolCallContent => ({
  type: "content",
  content: { type: "text", text: value },
});

/** A command's output as a fenced block (the editor renders markdown). */
function outputBlock(output: string): ToolCallContent[] {
  if (output === "") return [];
  const fence = output.includes("```") ? "~~~~" : "```";
  return [text(`${fence}\n${output.replace(/\n$/, "")}\n${fence}`)];
}

function planEntries(plan: readonly PlanStep[]): PlanEntry[] {
  return plan.map((step) => ({ content: step.step, priority: "medium", status: step.status }));
}

/** A patch being written: each file with its counts, then the hunk streaming now. */
function previewText(preview: PatchPreview): string {
  const files = preview.files.map((file) => {
    const path = file.movePath ? `${file.path} → ${file.movePath}` : file.path;
    return `${file.kind} ${path} +${file.linesAdded} -${file.linesRemoved}`;
  });
  return [...files, ...(preview.currentHunk ? ["", preview.currentHunk] : [])].join("\n");
}

/** The subagent's own tool call id (its calls to spawn and wait are tool calls of their own). */
function agentCallId(agent: Pick<AgentView, "id">): string {
  return `agent:${agent.id}`;
}

function agentStatus(agent: AgentView): ToolCallStatus {
  if (agent.status === "pending_init") return "pending";
  if (agent.status === "running") return "in_progress";
  if (agent.status === "completed" || agent.status === "shutdown") return "completed";
  return "failed";
}

/** What a subagent cost and did, under `_meta["mini-codex"].agent`. */
function agentFacts(agent: AgentView) {
  return {
    id: agent.id,
    name: agent.name,
    parent: agent.parent,
    kind: agent.kind,
    status: agent.status,
    model: agent.model,
    ...(agent.effort ? { effort: agent.effort } : {}),
    requests: agent.requests,
    input_tokens: agent.inputTokens,
    cached_tokens: agent.cachedTokens,
    output_tokens: agent.outputTokens,
    cost_usd: agent.usd ?? null,
    saved_usd: agent.savedUsd,
    ...(agent.start
      ? { start_mode: agent.start.mode, start_reason: agent.start.reason ?? null }
      : {}),
  };
}

function agentLine(agent: AgentView): string {
  const cost = agent.usd === undefined ? "" : ` · ${formatUsd(agent.usd)}`;
  return `${agent.status} · ${agent.requests} request${agent.requests === 1 ? "" : "s"}${cost}`;
}

interface TurnUpdateOptions {
  /** The session's working directory (relative paths of calls resolve against it). */
  cwd: string;
  /** Words for the person outside the answer (warnings, compactions). */
  note(text: string): SessionUpdate;
}

export class TurnUpdates {
  private readonly calls = new Map<string, OpenCall>();
  /** Message and reasoning items whose text arrived as deltas (their completed item adds nothing). */
  private readonly streamed = new Set<string>();
  private readonly agents = new Set<string>();

  constructor(private readonly options: TurnUpdateOptions) {}

  map(event: SessionEvent): SessionUpdate[] {
    switch (event.type) {
      case "text_delta":
        this.streamed.add(event.itemId);
        return [chunk("agent_message_chunk", event.delta, event.itemId)];
      case "reasoning_delta":
        this.streamed.add(event.itemId);
        return [chunk("agent_thought_chunk", event.delta, event.itemId)];
      case "item_completed":
        return this.item(event.item);
      case "tool_call_started":
        return this.update(event.callId, { status: "in_progress" });
      case "tool_call_finished": {
        const call = this.calls.get(event.callId);
        if (!call || call.name === "update_plan") return [];
        const output = toolOutputText(event.output);
        const ended = call.ended ?? this.endOf(call, output);
        return this.update(event.callId, {
          status: ended,
          ...(call.hasContent ? {} : { content: outputBlock(output) }),
        });
      }
      case "tool":
        return this.tool(event.event);
      case "agent_update":
        return this.agent(event.agent);
      case "warning":
        return [this.options.note(`⚠ ${event.message}`)];
      case "compacted":
        return [
          this.options.note(
            `Conversation compacted (${event.kind}, ${event.trigger}): ${event.itemsBefore} items became ${event.itemsAfter}.`,
          ),
        ];
      case "goal_updated": {
        // a goal's progress as a line in the thread (its spend shows in usage_update)
        const line =
          event.goal && event.change !== "spent"
            ? goalChangeText(event.change, event.goal)
            : undefined;
        return line ? [this.options.note(line)] : [];
      }
      case "turn_started":
        this.streamed.clear();
        return [];
      case "turn_completed":
      case "turn_failed":
        return this.closeOpenCalls();
      case "request_started":
      case "request_finished":
      case "settings_changed":
      case "steer_state":
      // a call's pipeline states: started and finished above say what an ACP client shows
      case "tool_call_state":
        return [];
      default:
        return assertNever(event);
    }
  }

  /** How a call the tool events said nothing final about ended (denied, refused, aborted). */
  private endOf(call: OpenCall, output: string): ToolCallStatus {
    if (output === "aborted" || /^(denied|refused|not run)\b/.test(output)) return "failed";
    // a command or patch that never reported running did not run
    return call.kind === "execute" || call.kind === "edit" ? "failed" : "completed";
  }

  private item(item: ResponseItem): SessionUpdate[] {
    const call = asToolCall(item);
    if (call) {
      const shape = toolCallShape(call, this.options.cwd);
      if (call.name === "update_plan") {
        this.calls.set(call.call_id, {
          kind: "think",
          name: call.name,
          output: "",
          hasContent: true,
        });
        return [];
      }
      const known = this.calls.get(call.call_id);
      if (known) {
        return this.update(call.call_id, {
          title: shape.title,
          kind: shape.kind,
          locations: shape.locations,
          rawInput: shape.rawInput,
        });
      }
      this.calls.set(call.call_id, {
        kind: shape.kind,
        name: call.name,
        output: "",
        hasContent: false,
      });
      return [
        {
          sessionUpdate: "tool_call",
          toolCallId: call.call_id,
          title: shape.title,
          kind: shape.kind,
          status: "pending",
          locations: shape.locations,
          rawInput: shape.rawInput,
        },
      ];
    }
    const search = webSearchShape(item);
    if (search) {
      return [
        {
          sessionUpdate: "tool_call",
          toolCallId: typeof item.id === "string" ? item.id : `search-${this.calls.size}`,
          title: search.title,
          kind: search.kind,
          status: "completed",
          locations: [],
        },
      ];
    }
    const id = typeof item.id === "string" ? item.id : "";
    if (id !== "" && this.streamed.has(id)) return [];
    const said = assistantText(item);
    if (said) return [chunk("agent_message_chunk", said, id)];
    const thought = item.type === "reasoning" ? reasoningText(item) : undefined;
    if (thought) return [chunk("agent_thought_chunk", thought, id)];
    return [];
  }

  private tool(event: ToolEvent): SessionUpdate[] {
    switch (event.type) {
      case "command_started": {
        const shape = commandShape(event.command, this.options.cwd);
        return this.update(event.callId, {
          status: "in_progress",
          title: event.command,
          kind: shape.kind,
        });
      }
      case "command_output": {
        const call = this.calls.get(event.callId);
        if (!call) return [];
        call.output += event.chunk;
        call.hasContent = true;
        return this.update(event.callId, {
          content: outputBlock(call.output.slice(-LIVE_OUTPUT_CHARS)),
        });
      }
      case "command_finished": {
        const call = this.calls.get(event.callId);
        const ok = event.exitCode === 0 && !event.aborted && !event.timedOut;
        if (call) {
          call.ended = status(ok);
          call.hasContent = true;
        }
        const why = event.timedOut ? "timed out" : event.aborted ? "stopped" : undefined;
        const tail = why ? `\n(${why})` : event.exitCode ? `\n(exit code ${event.exitCode})` : "";
        return this.update(event.callId, {
          status: status(ok),
          content: outputBlock(`${event.aggregatedOutput}${tail}`),
          rawOutput: {
            exit_code: event.exitCode,
            timed_out: event.timedOut,
            aborted: event.aborted,
            duration_ms: Math.round(event.durationMs),
          },
        });
      }
      case "command_backgrounded": {
        const call = this.calls.get(event.callId);
        if (call) call.ended = "completed";
        return [];
      }
      case "terminal_interaction": {
        const call = this.calls.get(event.callId);
        if (call) call.hasContent = true;
        return this.update(event.callId, { content: outputBlock(event.output) });
      }
      case "patch_preview": {
        const preview = text(previewText(event.preview));
        const locations = event.preview.files.map((file) => ({
          path: fileDiff({ path: file.movePath ?? file.path, kind: "update" }, this.options.cwd)
            .path,
        }));
        if (!this.calls.has(event.callId)) {
          this.calls.set(event.callId, {
            kind: "edit",
            name: "apply_patch",
            output: "",
            hasContent: false,
          });
          const files = event.preview.files.map((file) => file.path);
          return [
            {
              sessionUpdate: "tool_call",
              toolCallId: event.callId,
              title: files.length > 0 ? `Edit ${files.join(", ")}` : "Edit files",
              kind: "edit",
              status: "in_progress",
              locations,
              content: [preview],
            },
          ];
        }
        return this.update(event.callId, { status: "in_progress", locations, content: [preview] });
      }
      case "patch_applied": {
        const call = this.calls.get(event.callId);
        if (call) {
          call.ended = status(event.ok);
          call.hasContent = true;
        }
        const content: ToolCallContent[] = event.ok
          ? event.changes.map((change) => ({
              type: "diff" as const,
              ...fileDiff(change, this.options.cwd),
            }))
          : [text(event.error ?? "the patch was not applied")];
        return this.update(event.callId, { status: status(event.ok), content });
      }
      case "plan_updated":
        return [{ sessionUpdate: "plan", entries: planEntries(event.plan) }];
      case "image_viewed": {
        const call = this.calls.get(event.callId);
        if (call) call.hasContent = true;
        const what = event.image
          ? `${event.image.mediaType}, ${event.image.bytes} bytes`
          : (event.error ?? "");
        return this.update(event.callId, { content: what ? [text(what)] : [] });
      }
      case "mcp_call_started":
        return this.update(event.callId, { status: "in_progress", rawInput: event.arguments });
      case "mcp_call_finished": {
        const call = this.calls.get(event.callId);
        const ok = event.error === undefined;
        if (call) {
          call.ended = status(ok);
          call.hasContent = true;
        }
        return this.update(event.callId, {
          status: status(ok),
          content: [text(event.error ?? event.modelText ?? "")],
          ...(event.result ? { rawOutput: event.result } : {}),
        });
      }
      case "agent_call": {
        if (event.phase === "started") return [];
        const call = this.calls.get(event.callId);
        if (call) call.ended = status(event.ok);
        const states = Object.entries(event.states).map(
          ([id, state]) => `${id}: ${state.status}${state.message ? ` — ${state.message}` : ""}`,
        );
        if (call && states.length > 0) call.hasContent = true;
        return states.length > 0
          ? this.update(event.callId, { content: [text(states.join("\n"))] })
          : [];
      }
      // no askUser hook here (yet): request_user_input is refused before it asks anybody
      case "user_input":
        return [];
      default:
        return assertNever(event);
    }
  }

  /** A subagent as a `think` tool call of its own: its state, cost and last message. */
  private agent(agent: AgentView): SessionUpdate[] {
    const toolCallId = agentCallId(agent);
    const title = `Subagent ${agent.name}: ${agent.task.split("\n", 1)[0] ?? ""}`;
    const result = agent.status === "errored" ? agent.error : agent.lastMessage;
    const content = [text(agentLine(agent)), ...(result ? [text(result)] : [])];
    const fields = {
      status: agentStatus(agent),
      content,
      _meta: ownMeta({ agent: agentFacts(agent) }),
    };
    if (this.agents.has(agent.id))
      return [{ sessionUpdate: "tool_call_update", toolCallId, ...fields }];
    this.agents.add(agent.id);
    return [{ sessionUpdate: "tool_call", toolCallId, title, kind: "think", ...fields }];
  }

  private update(
    toolCallId: string,
    fields: Omit<
      Extract<SessionUpdate, { sessionUpdate: "tool_call_update" }>,
      "sessionUpdate" | "toolCallId"
    >,
  ): SessionUpdate[] {
    const call = this.calls.get(toolCallId);
    if (!call || call.name === "update_plan") return [];
    if (fields.status === "completed" || fields.status === "failed") this.calls.delete(toolCallId);
    return [{ sessionUpdate: "tool_call_update", toolCallId, ...fields }];
  }

  /** The turn ended: a call still open did not finish (interrupted, or the turn failed). */
  private closeOpenCalls(): SessionUpdate[] {
    const open = [...this.calls.entries()].filter(([, call]) => call.name !== "update_plan");
    this.calls.clear();
    return open.map(([toolCallId, call]) => ({
      sessionUpdate: "tool_call_update",
      toolCallId,
      status: call.ended ?? "failed",
    }));
  }
}

function chunk(
  kind: "agent_message_chunk" | "agent_thought_chunk",
  delta: string,
  itemId: string,
): SessionUpdate {
  return {
    sessionUpdate: kind,
    content: { type: "text", text: delta },
    ...(itemId ? { messageId: itemId } : {}),
  };
}
