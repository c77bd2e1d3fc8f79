import type { ReasoningEffort } from "../../protocol/index.js";
import {
  assertNever,
  errorMessage,
  messageText,
  type ResponseItem,
  reasoningItemSchema,
  webSearchQuery,
} from "../../protocol/index.js";
import type { NextRequestPreview, RequestFinished, SessionEvent } from "../../session/index.js";
import { goalChangeText } from "../../session/index.js";
import { compactionNotice } from "../../turn/index.js";
import { cacheDropOf } from "../labels/index.js";
import type { ComposedMessage, TranscriptEntryBody } from "../model/index.js";
import { appendStreamText, EMPTY_LINE, fenceStateAfter, lineText } from "../model/index.js";
import { onAgentUpdate } from "./agent-entries.js";
import { onPendingAction, type PendingAction, steerMoved, steersSent } from "./pending-messages.js";
import { onToolCallFinished, onToolEvent, updateCall } from "./tool-state.js";
import {
  append,
  type StatusState,
  type UiState,
  withLive,
  withQueue,
  withStatus,
} from "./ui-state.js";

const REASONING_CAP = 4000;

export type UiAction =
  | { type: "session"; event: SessionEvent }
  | {
      type: "session_ready";
      sessionId: string;
      model: string;
      effort?: ReasoningEffort;
      next?: NextRequestPreview;
    }
  /** What the session says the next request will be (after a turn, a compaction, …). */
  | { type: "next_preview"; next: NextRequestPreview }
  /** The context window of the model now in use (after `/model`). */
  | { type: "context_window"; contextWindow: number | undefined }
  /** How many background terminals run now (the engine's list changed). */
  | { type: "background_terminals"; count: number }
  | { type: "user_message"; text: string }
  | { type: "enqueue"; message: ComposedMessage }
  | { type: "dequeue" }
  /** Enter while a turn runs (shown below until the conversation has it); Up took one back. */
  | PendingAction
  /** The controller started (true) or finished (false) a session operation. */
  | { type: "busy"; busy: boolean }
  /** The person denied this call and was told so: no second line when it finishes. */
  | { type: "call_denied"; callId: string }
  /** The queue went back to the input (after an interrupt). */
  | { type: "clear_queue" }
  | { type: "append"; entries: TranscriptEntryBody[] };

export function uiReducer(state: UiState, action: UiAction): UiState {
  switch (action.type) {
    case "session":
      return onSessionEvent(state, action.event);
    case "session_ready":
      return withStatus(state, {
        sessionId: action.sessionId,
        model: action.model,
        effort: action.effort,
        // a session opens in Default mode
        collabMode: undefined,
        next: undefined,
        last: undefined,
        usage: undefined,
      });
    case "context_window":
      return withStatus(state, { contextWindow: action.contextWindow });
    case "background_terminals":
      return withStatus(state, { backgroundTerminals: action.count });
    case "next_preview": {
      // Only a full request is news, and only when it is not for the same reason as the last
      // one (over HTTP every request is full: the mode already says so).
      const { next } = action;
      const news = next.mode === "full" && next.reason !== state.status.last?.reason;
      return withStatus(state, { next: news ? next : undefined });
    }
    case "user_message":
      return withStatus(append(state, [{ kind: "user", text: action.text }]), { busy: true });
    case "enqueue":
      return withQueue(state, [...state.queue, action.message]);
    case "dequeue":
      return withQueue(state, state.queue.slice(1));
    case "steer":
    case "take_pending":
      return onPendingAction(state, action);
    case "busy":
      return withStatus(state, { busy: action.busy });
    case "call_denied":
      return updateCall(state, action.callId, { reported: true, denied: true });
    case "clear_queue":
      return withQueue(state, []);
    case "append":
      return append(state, action.entries);
    default:
      return assertNever(action);
  }
}

/** The reducer as the app uses it: a bug in one update becomes a line, never a crash. */
export function resilientReducer(state: UiState, action: UiAction): UiState {
  try {
    return uiReducer(state, action);
  } catch (error) {
    const text = `could not show a ${action.type === "session" ? action.event.type : action.type} update: ${errorMessage(error)}`;
    return append(state, [{ kind: "notice", level: "error", text }]);
  }
}

/** An in-band effort holds until a request goes out with another effort (on lanes). */
function inBandEffort(
  before: ReasoningEffort | undefined,
  request: { effort?: ReasoningEffort; effortUpdate?: ReasoningEffort },
): ReasoningEffort | undefined {
  if (request.effortUpdate) return request.effortUpdate;
  return before !== undefined && request.effort === before ? before : undefined;
}

function onSessionEvent(state: UiState, event: SessionEvent): UiState {
  switch (event.type) {
    case "turn_started":
      return withStatus(state, { busy: true });
    case "request_started": {
      const { mode, reason, previousResponseIdPresent, warmup, lane, lanes } = event.request;
      const inBand = inBandEffort(state.status.lane?.inBand, event.request);
      return withStatus(warmup ? state : steersSent(dropOrphans(state)), {
        last: { mode, reason, prev: previousResponseIdPresent, warmup },
        lane: { label: lane, count: lanes ?? 1, ...(inBand ? { inBand } : {}) },
        next: warmup ? state.status.next : undefined,
      });
    }
    case "request_finished": {
      const { planUsage } = event.request;
      const withPlan = planUsage ? withStatus(state, { planUsage }) : state;
      return event.request.outcome === "completed" && event.request.usage
        ? withStatus(withPlan, {
            usage: event.request.usage,
            cacheDrop: cacheDropOf(event.request.cache),
            cost: costAfter(state.status.cost, event.request),
          })
        : withPlan;
    }
    case "text_delta":
      return appendAgentText(state, event.itemId, event.delta);
    case "reasoning_delta": {
      const previous =
        state.live.reasoning?.itemId === event.itemId ? state.live.reasoning.text : "";
      const text = previous.length >= REASONING_CAP ? previous : previous + event.delta;
      return withLive(state, { reasoning: { itemId: event.itemId, text } });
    }
    case "item_completed":
      return onItemCompleted(state, event.item);
    case "tool_call_started":
      // Patch previews stream before the call is announced: keep them.
      return updateCall(commitReasoning(state), event.callId, { name: event.name });
    case "tool_call_finished":
      return onToolCallFinished(state, event.callId, event.name, event.output);
    case "tool_call_state":
      // the transcript shows a call by its tool events and its approval question
      return state;
    case "tool":
      return onToolEvent(state, event.event);
    case "warning":
      return append(state, [{ kind: "notice", level: "warning", text: event.message }]);
    case "steer_state":
      return steerMoved(state, event.id, event.state, finishStream);
    case "compacted": {
      // The summary streamed as text no item completes: its last line goes first.
      const notice = compactionNotice(event);
      return append(finishStream(state), [{ kind: "notice", level: "info", text: notice }]);
    }
    case "agent_update":
      return onAgentUpdate(state, event.agent);
    case "goal_updated": {
      const { goal, change } = event;
      const usd = state.status.costDisplay !== "plan";
      const text = goal ? goalChangeText(change, goal, { usd }) : "goal cleared";
      const shown = text ? append(state, [{ kind: "notice", level: "info", text }]) : state;
      return withStatus(shown, { goal });
    }
    case "settings_changed":
      return withStatus(state, {
        model: event.model,
        effort: event.effort,
        collabMode: event.mode === "plan" ? "plan" : undefined,
        next: event.next,
      });
    case "turn_completed":
      return withStatus(endTurn(state), { busy: false });
    case "turn_failed": {
      const ended = endTurn(state);
      const notice: TranscriptEntryBody = event.aborted
        ? { kind: "notice", level: "info", text: "Interrupted." }
        : { kind: "notice", level: "error", text: event.message };
      return withStatus(append(ended, [notice]), { busy: false });
    }
    default:
      return assertNever(event);
  }
}

/**
 * A request starts while output of the previous one is still live: that response never
 * completed and is being sent again, so its half answer, reasoning and previews go.
 */
function dropOrphans(state: UiState): UiState {
  const { stream, reasoning, calls } = state.live;
  if (!stream && !reasoning && Object.keys(calls).length === 0) return state;
  const cleared = withLive(state, { stream: undefined, reasoning: undefined, calls: {} });
  // Lines of it already printed stay: say they were cut off.
  return stream?.started
    ? append(cleared, [{ kind: "notice", level: "info", text: "(cut off; sent again)" }])
    : cleared;
}

/** Reasoning streams before the answer; it goes to the transcript when the answer starts. */
function commitReasoning(state: UiState): UiState {
  const reasoning = state.live.reasoning;
  if (!reasoning) return state;
  const cleared = withLive(state, { reasoning: undefined, shownReasoning: reasoning.itemId });
  const text = reasoning.text.trim();
  return text ? append(cleared, [{ kind: "reasoning", text }]) : cleared;
}

function appendAgentText(state: UiState, itemId: string, delta: string): UiState {
  let current = state.live.stream;
  let flushed = commitReasoning(state);
  if (current && current.itemId !== itemId) {
    flushed = finishStream(state);
    current = undefined;
  }
  const stream = current ?? { itemId, open: EMPTY_LINE, fenceOpen: false, started: false };
  const shown = flushed.live.shownMessages ?? [];
  const cut = appendStreamText(stream.open, delta);
  const entries: TranscriptEntryBody[] =
    cut.lines.length > 0
      ? [{ kind: "agent", lines: cut.lines, first: !stream.started, fenceOpen: stream.fenceOpen }]
      : [];
  const next = {
    itemId,
    open: cut.open,
    fenceOpen: fenceStateAfter(cut.lines, stream.fenceOpen),
    started: stream.started || cut.lines.length > 0,
  };
  const shownMessages = current ? shown : [...shown, itemId];
  return withLive(append(flushed, entries), { stream: next, shownMessages });
}

/** Move whatever is left of the streaming message to the transcript. */
function finishStream(state: UiState): UiState {
  const stream = state.live.stream;
  if (!stream) return state;
  const cleared = withLive(state, { stream: undefined });
  if (stream.open.length === 0) return cleared;
  const lines = [lineText(stream.open)];
  return append(cleared, [
    { kind: "agent", lines, first: !stream.started, fenceOpen: stream.fenceOpen },
  ]);
}

function onItemCompleted(state: UiState, item: ResponseItem): UiState {
  if (item.type === "message" && item.role === "assistant") {
    // Deltas already streamed this message: what is left of it goes to the transcript (a
    // steered response's message completes after its successor's started streaming).
    if (state.live.stream?.itemId === item.id) return finishStream(state);
    if (state.live.shownMessages?.includes(String(item.id))) return state;
    if (state.live.stream) return finishStream(state);
    const text = messageText(item) ?? "";
    if (!text) return state;
    return finishStream(appendAgentText(state, String(item.id ?? "message"), text));
  }
  if (item.type === "reasoning") {
    if (item.id !== undefined && item.id === state.live.shownReasoning) return state;
    const parsed = reasoningItemSchema().safeParse(item);
    const summary = parsed.success ? parsed.data.summary.map((part) => part.text).join("\n") : "";
    const text = summary.trim() || state.live.reasoning?.text.trim() || "";
    const cleared = withLive(state, { reasoning: undefined, shownReasoning: undefined });
    return text ? append(cleared, [{ kind: "reasoning", text }]) : cleared;
  }
  const searched = webSearchQuery(item);
  if (searched !== undefined) {
    return append(state, [{ kind: "notice", level: "info", text: `Searched: ${searched}` }]);
  }
  return state;
}

function endTurn(state: UiState): UiState {
  const finished = steersSent(finishStream(state));
  return withLive(finished, { reasoning: undefined, calls: {}, shownMessages: undefined });
}

/** The status bar's cost after a request with usage: the session's sum and the last one's. */
function costAfter(
  cost: StatusState["cost"],
  request: Pick<RequestFinished, "model" | "cost">,
): NonNullable<StatusState["cost"]> {
  const sessionUsd = (cost?.sessionUsd ?? 0) + (request.cost?.usd ?? 0);
  if (!request.cost) return { sessionUsd, noPrice: request.model };
  return { sessionUsd, lastUsd: request.cost.usd };
}
