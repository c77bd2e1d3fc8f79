import type { UsageFigures } from "../protocol/events.js";
import { messageText, type ResponseItem, reasoningItemSchema } from "../protocol/items.js";
import { assertNever, type RequestFinished, type SessionEvent } from "../session/events.js";
import { addUsage, noUsage, requestUsage } from "../session/usage.js";
import { TIMEOUT_EXIT_CODE } from "../tools/shell-output.js";
import type { PlanStep, ToolEvent } from "../tools/types.js";
import { type ImageViewExecItem, imageViewItem } from "./image-items.js";
import {
  type McpToolCallExecItem,
  mcpCallFinishedItem,
  mcpCallStartedItem,
  type WebSearchExecItem,
  webSearchItem,
} from "./mcp-items.js";

/** Items of `exec --json` (docs/config.md, "exec --json events"). */
export type ExecItem =
  | { id: string; type: "agent_message"; text: string }
  | { id: string; type: "reasoning"; text: string }
  | {
      id: string;
      type: "command_execution";
      command: string;
      aggregated_output: string;
      exit_code?: number;
      status: "in_progress" | "completed" | "failed";
    }
  | {
      id: string;
      type: "file_change";
      changes: Array<{ path: string; kind: "add" | "delete" | "update" }>;
      status: "completed" | "failed";
    }
  | { id: string; type: "todo_list"; items: Array<{ text: string; completed: boolean }> }
  | McpToolCallExecItem
  | WebSearchExecItem
  | ImageViewExecItem
  | ReviewFindingExecItem
  | { id: string; type: "error"; message: string };

/** One finding of `exec review --json` (after the review turn's own items). */
export interface ReviewFindingExecItem {
  id: string;
  type: "review_finding";
  title: string;
  body: string;
  priority: number;
  confidence_score: number;
  file: string;
  line_start: number;
  line_end: number;
}

export interface ExecUsage {
  input_tokens: number;
  cached_input_tokens: number;
  cache_write_input_tokens: number;
  output_tokens: number;
  reasoning_output_tokens: number;
}

export type ExecEvent =
  | { type: "thread.started"; thread_id: string }
  | { type: "turn.started" }
  | { type: "item.started" | "item.updated" | "item.completed"; item: ExecItem }
  | { type: "turn.completed"; usage: ExecUsage; cost: ExecCost }
  | { type: "turn.failed"; error: { message: string } }
  | { type: "error"; message: string };

/**
 * mini-codex's own field beside `usage` in `turn.completed` (the Codex SDK ignores it): the
 * turn's cost in US dollars and the part cache misses added, or, when a request's model has
 * no known price, `usd: null` and the models without one.
 */
export type ExecCost =
  | { currency: "USD"; usd: number; cache_miss_usd: number }
  | { currency: "USD"; usd: null; no_price: string[] };

type CommandItem = Extract<ExecItem, { type: "command_execution" }>;
type TodoItem = Extract<ExecItem, { type: "todo_list" }>;

export function toExecUsage(usage: UsageFigures): ExecUsage {
  return {
    input_tokens: usage.input_tokens,
    cached_input_tokens: usage.cached_tokens,
    cache_write_input_tokens: 0,
    output_tokens: usage.output_tokens,
    reasoning_output_tokens: usage.reasoning_tokens,
  };
}

/** The one-line summary text of a reasoning item, if it has any. */
export function reasoningText(item: ResponseItem): string | undefined {
  const parsed = reasoningItemSchema().safeParse(item);
  if (!parsed.success) return undefined;
  const text = parsed.data.summary
    .map((part) => part.text)
    .join("\n")
    .trim();
  return text.length > 0 ? text : undefined;
}

export function assistantText(item: ResponseItem): string | undefined {
  if (item.type !== "message" || item.role !== "assistant") return undefined;
  return messageText(item);
}

function todoItems(plan: PlanStep[]): TodoItem["items"] {
  return plan.map((step) => ({ text: step.step, completed: step.status === "completed" }));
}

/**
 * Maps the session's event stream to `exec --json` events. Deterministic and I/O-free: the
 * caller writes what it returns. Item ids are `item_0`, `item_1`, … in order of first sight;
 * every item.started gets its item.completed before the turn ends.
 */
export class ExecEventMapper {
  private nextId = 0;
  private readonly commands = new Map<string, CommandItem>();
  /** Commands that keep running after their call (background terminals): open past the turn. */
  private readonly background = new Set<string>();
  /** The turn's end, held until the background commands end (exec stops them first). */
  private heldEnd: ExecEvent | undefined;
  /** MCP calls in progress: their item ids, by call id. */
  private readonly mcpCalls = new Map<string, McpToolCallExecItem>();
  private todo: TodoItem | undefined;
  private usage: UsageFigures = noUsage();
  private sawUsage = false;
  private cost = new TurnCost();
  /** Text of the last agent message of the current turn. */
  lastMessage: string | undefined;

  threadStarted(threadId: string): ExecEvent[] {
    return [{ type: "thread.started", thread_id: threadId }];
  }

  map(event: SessionEvent): ExecEvent[] {
    switch (event.type) {
      case "turn_started":
        this.usage = noUsage();
        this.sawUsage = false;
        this.cost = new TurnCost();
        this.lastMessage = undefined;
        return [{ type: "turn.started" }];
      case "request_finished": {
        const usage = requestUsage(event.request); // with the responses steering cut
        if (usage) {
          this.usage = addUsage(this.usage, usage);
          this.sawUsage = true;
          this.cost.add(event.request);
        }
        return [];
      }
      case "item_completed":
        return this.modelItem(event.item);
      case "tool":
        return this.toolEvent(event.event);
      case "warning":
        return [
          {
            type: "item.completed",
            item: { id: this.id(), type: "error", message: event.message },
          },
        ];
      case "turn_completed": {
        const usage = this.sawUsage ? this.usage : event.usage;
        if (event.lastMessage !== undefined && this.lastMessage === undefined) {
          this.lastMessage = event.lastMessage;
        }
        return this.endTurn({
          type: "turn.completed",
          usage: toExecUsage(usage),
          cost: this.cost.toExec(),
        });
      }
      case "turn_failed":
        return this.endTurn({ type: "turn.failed", error: { message: event.message } });
      case "request_started":
      case "text_delta":
      case "reasoning_delta":
      case "tool_call_started":
      case "tool_call_finished":
      case "settings_changed":
      case "steer_state":
      case "compacted":
        return [];
      default:
        return assertNever(event);
    }
  }

  /** A new item id (items made outside the event stream: review findings). */
  id(): string {
    return `item_${this.nextId++}`;
  }

  private modelItem(item: ResponseItem): ExecEvent[] {
    const text = assistantText(item);
    if (text !== undefined) {
      if (text.length === 0) return [];
      this.lastMessage = text;
      return [{ type: "item.completed", item: { id: this.id(), type: "agent_message", text } }];
    }
    const search = webSearchItem("", item);
    if (search) return [{ type: "item.completed", item: { ...search, id: this.id() } }];
    if (item.type === "reasoning") {
      const summary = reasoningText(item);
      if (summary === undefined) return [];
      return [
        { type: "item.completed", item: { id: this.id(), type: "reasoning", text: summary } },
      ];
    }
    return [];
  }

  private toolEvent(event: ToolEvent): ExecEvent[] {
    switch (event.type) {
      case "command_started": {
        const item: CommandItem = {
          id: this.id(),
          type: "command_execution",
          command: event.command,
          aggregated_output: "",
          status: "in_progress",
        };
        this.commands.set(event.callId, item);
        return [{ type: "item.started", item: { ...item } }];
      }
      case "command_output": {
        const item = this.commands.get(event.callId);
        if (item) item.aggregated_output += event.chunk;
        return [];
      }
      case "command_finished": {
        const open = this.commands.get(event.callId);
        this.commands.delete(event.callId);
        this.background.delete(event.callId);
        const ok = event.exitCode === 0 && !event.aborted && !event.timedOut;
        const item: CommandItem = {
          id: open?.id ?? this.id(),
          type: "command_execution",
          command: event.command,
          aggregated_output: event.aggregatedOutput,
          status: ok ? "completed" : "failed",
        };
        if (event.exitCode !== null) item.exit_code = event.exitCode;
        else if (event.timedOut) item.exit_code = TIMEOUT_EXIT_CODE;
        const ended = this.background.size === 0 ? this.flush() : [];
        return [{ type: "item.completed", item }, ...ended];
      }
      case "command_backgrounded":
        // the command's item stays in progress until the process ends (command_finished)
        this.background.add(event.callId);
        return [];
      case "terminal_interaction":
        return [];
      case "patch_applied":
        return [
          {
            type: "item.completed",
            item: {
              id: this.id(),
              type: "file_change",
              changes: event.changes.map((change) => ({ path: change.path, kind: change.kind })),
              status: event.ok ? "completed" : "failed",
            },
          },
        ];
      case "plan_updated": {
        if (!this.todo) {
          this.todo = { id: this.id(), type: "todo_list", items: todoItems(event.plan) };
          return [{ type: "item.started", item: { ...this.todo } }];
        }
        this.todo = { ...this.todo, items: todoItems(event.plan) };
        return [{ type: "item.updated", item: { ...this.todo } }];
      }
      case "mcp_call_started": {
        const item = mcpCallStartedItem(this.id(), event);
        this.mcpCalls.set(event.callId, item);
        return [{ type: "item.started", item: { ...item } }];
      }
      case "mcp_call_finished": {
        const open = this.mcpCalls.get(event.callId);
        this.mcpCalls.delete(event.callId);
        return [
          { type: "item.completed", item: mcpCallFinishedItem(open?.id ?? this.id(), event) },
        ];
      }
      case "image_viewed":
        return [{ type: "item.completed", item: imageViewItem(this.id(), event) }];
      case "patch_preview":
        return [];
      default:
        return assertNever(event);
    }
  }

  /** The turn's end now, or once its background commands have ended (see `flush`). */
  private endTurn(end: ExecEvent): ExecEvent[] {
    const closed = this.closeOpenItems(this.background);
    if (this.background.size === 0) return [...closed, end];
    this.heldEnd = end;
    return closed;
  }

  /** The held turn end, with any background command still open failed (exec is exiting). */
  flush(): ExecEvent[] {
    const end = this.heldEnd;
    this.heldEnd = undefined;
    if (!end) return [];
    this.background.clear();
    return [...this.closeOpenItems(), end];
  }

  /** Close what is still open when a turn ends: the plan completes, unfinished commands fail. */
  private closeOpenItems(keep: ReadonlySet<string> = new Set()): ExecEvent[] {
    const out: ExecEvent[] = [];
    for (const [callId, item] of this.commands) {
      if (keep.has(callId)) continue;
      out.push({ type: "item.completed", item: { ...item, status: "failed" } });
      this.commands.delete(callId);
    }
    for (const item of this.mcpCalls.values()) {
      out.push({ type: "item.completed", item: { ...item, status: "failed" } });
    }
    this.mcpCalls.clear();
    if (this.todo) {
      out.push({ type: "item.completed", item: this.todo });
      this.todo = undefined;
    }
    return out;
  }
}

/** The cost of one turn's requests, as `turn.completed` reports it. */
class TurnCost {
  private usd = 0;
  private missUsd = 0;
  private readonly unpriced = new Set<string>();

  add(request: RequestFinished): void {
    if (!request.cost) {
      this.unpriced.add(request.model);
      return;
    }
    this.usd += request.cost.usd;
    this.missUsd += request.cost.missUsd;
  }

  toExec(): ExecCost {
    if (this.unpriced.size > 0) return { currency: "USD", usd: null, no_price: [...this.unpriced] };
    return {
      currency: "USD",
      usd: roundMicros(this.usd),
      cache_miss_usd: roundMicros(this.missUsd),
    };
  }
}

/** To a millionth of a dollar: a figure to add up, not to read. */
function roundMicros(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}
