import { SCHEMA_VERSION } from "../launch/index.js";
import type { PlanUsage, ResponseItem, UsageFigures } from "../protocol/index.js";
import { assertNever, assistantText, reasoningText } from "../protocol/index.js";
import type { SessionEvent } from "../session/index.js";
import {
  addUsage,
  goalJson,
  noUsage,
  planUsageCell,
  requestUsage,
  share,
} from "../session/index.js";
import type { PlanStep, ToolEvent } from "../tools/index.js";
import { TIMEOUT_EXIT_CODE } from "../tools/index.js";
import { collabItem } from "./collab-items.js";
import {
  type ExecEvent,
  type ExecItem,
  type ExecPlanUsage,
  toExecUsage,
} from "./exec-event-types.js";
import { imageViewItem } from "./image-items.js";
import {
  type McpToolCallExecItem,
  mcpCallFinishedItem,
  mcpCallStartedItem,
  webSearchItem,
} from "./mcp-items.js";
import { TurnCost } from "./turn-cost.js";

type CommandItem = Extract<ExecItem, { type: "command_execution" }>;
type TodoItem = Extract<ExecItem, { type: "todo_list" }>;

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
  /** Subagent tool calls in progress: their item ids, by call id. */
  private readonly agentCalls = new Map<string, string>();
  /** The session id (`thread.started`): the sender of the subagent calls. */
  private threadId = "";
  /** The plan usage the backend last reported, and what it was when the turn started. */
  private plan: PlanUsage | undefined;
  private planAtStart: PlanUsage | undefined;
  /** Text of the last agent message of the current turn. */
  lastMessage: string | undefined;

  private planField(): { plan_usage?: ExecPlanUsage } {
    const cell = planUsageCell(this.plan);
    if (!cell) return {};
    const turn_points = share(this.planAtStart?.primary, this.plan?.primary);
    return { plan_usage: { ...cell, turn_points } };
  }

  threadStarted(threadId: string): ExecEvent[] {
    this.threadId = threadId;
    return [{ type: "thread.started", thread_id: threadId, schema_version: SCHEMA_VERSION }];
  }

  map(event: SessionEvent): ExecEvent[] {
    switch (event.type) {
      case "turn_started":
        this.usage = noUsage();
        this.sawUsage = false;
        this.cost = new TurnCost();
        this.lastMessage = undefined;
        this.planAtStart = this.plan;
        return [{ type: "turn.started" }];
      case "request_finished": {
        if (event.request.planUsage) this.plan = event.request.planUsage;
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
          ...this.planField(),
        });
      }
      case "turn_failed":
        return this.endTurn({
          type: "turn.failed",
          error: { message: event.message },
          ...this.planField(),
        });
      case "goal_updated": {
        const { goal, change } = event;
        if (!goal) return [];
        if (change === "set") return [{ type: "goal.started", goal: goalJson(goal) }];
        // the first turn follows goal.started: each further one is a continuation
        if (change === "turn" && goal.spent.turns > 1) {
          return [{ type: "goal.continued", turn: goal.spent.turns, goal: goalJson(goal) }];
        }
        return [];
      }
      case "request_started":
      case "text_delta":
      case "reasoning_delta":
      case "tool_call_started":
      case "tool_call_finished":
      case "tool_call_state":
      case "settings_changed":
      case "agent_update":
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
          exit_code: null,
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
          exit_code: event.exitCode ?? (event.timedOut ? TIMEOUT_EXIT_CODE : null),
          status: ok ? "completed" : "failed",
        };
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
      case "agent_call": {
        if (event.phase === "started") {
          const id = this.id();
          this.agentCalls.set(event.callId, id);
          return [{ type: "item.started", item: collabItem(id, this.threadId, event) }];
        }
        const id = this.agentCalls.get(event.callId) ?? this.id();
        this.agentCalls.delete(event.callId);
        return [{ type: "item.completed", item: collabItem(id, this.threadId, event) }];
      }
      // exec has nobody to ask: request_user_input is refused before it asks (no item)
      case "user_input":
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
