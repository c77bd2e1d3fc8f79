import type { PlanUsage, ReasoningEffort, UsageFigures } from "../../protocol/index.js";
import type {
  AgentView,
  CollaborationMode,
  CostDisplay,
  Goal,
  NextRequestPreview,
  RequestMode,
} from "../../session/index.js";
import type { CacheDrop } from "../labels/index.js";
import type {
  ComposedMessage,
  LiveState,
  TranscriptEntry,
  TranscriptEntryBody,
} from "../model/index.js";

/**
 * A message steered into the running turn, by the session's id for it; `sent`: on the socket
 * (`response.steer`), so it can no longer be taken back (unless the server gives it back).
 */
export interface PendingSteer extends ComposedMessage {
  id?: string;
  sent?: boolean;
  /** Up already said it cannot be taken back (said once; later Ups recall history). */
  explained?: boolean;
}

export interface StatusState {
  sessionId?: string;
  model: string;
  effort?: ReasoningEffort;
  /** The collaboration mode (absent: default): the status bar shows Plan mode. */
  collabMode?: CollaborationMode;
  /** The last request sent (mode, why full, previous_response_id present). */
  last?: { mode: RequestMode; reason?: string; prev: boolean; warmup: boolean };
  /**
   * The lane of the last request and how many lanes the session has; `inBand`: the effort a
   * configuration_update set and that is still in force (the change stayed on the chain).
   */
  lane?: { label: string; count: number; inBand?: ReasoningEffort };
  /** Usage of the last completed response (as the server reported it). */
  usage?: UsageFigures;
  /** Why the last completed response's cache fell short (a drop), if it did. */
  cacheDrop?: CacheDrop;
  /** Preview of the next request after a settings change; cleared when a request is sent. */
  next?: NextRequestPreview;
  contextWindow?: number;
  busy: boolean;
  queued: number;
  /** exec_command processes still running. */
  backgroundTerminals?: number;
  /**
   * What this session's requests cost (US dollars) and the last one; `noPrice`: the model of
   * the last request that had usage but no known price.
   */
  cost?: { sessionUsd: number; lastUsd?: number; noPrice?: string };
  /** Dollars, or a ChatGPT plan's tokens and usage (no `$`): `costDisplayFor` of the sign-in. */
  costDisplay?: CostDisplay;
  /** The Codex backend's plan windows as its last response reported them. */
  planUsage?: PlanUsage;
  /** Subagents running or waiting for a slot, and what all of the session's cost (none: idle). */
  agents?: AgentsActivity;
  /** The session's goal as last reported (none set, or cleared: absent). */
  goal?: Goal;
}

/** The status bar's subagent item: `agents 2/3 · $0.01` (2 running of 3 not finished). */
export interface AgentsActivity {
  running: number;
  /** Running plus waiting for a free slot (`[agents] max_threads`). */
  active: number;
  /** US dollars over every subagent's priced requests; undefined: none priced yet. */
  usd?: number;
}

/** The transcript and status bar's facts (the reducer in state.ts updates them). */
export interface UiState {
  entries: TranscriptEntry[];
  nextId: number;
  live: LiveState;
  status: StatusState;
  /** Messages typed while a turn runs (with their images), sent in order after it. */
  queue: ComposedMessage[];
  /** Messages steered into the running turn not in the conversation yet (shown below). */
  steers: PendingSteer[];
  /** The last command's whole output (the transcript shows it cut to the screen). */
  lastOutput?: { command: string; output: string };
  /** Each subagent as last seen, by id (the transcript says when it starts and ends). */
  agents?: Record<string, AgentView>;
}

export function initialState(
  options: { model?: string; contextWindow?: number; costDisplay?: CostDisplay } = {},
): UiState {
  return {
    entries: [],
    nextId: 0,
    live: { calls: {} },
    status: {
      model: options.model ?? "",
      contextWindow: options.contextWindow,
      ...(options.costDisplay ? { costDisplay: options.costDisplay } : {}),
      busy: false,
      queued: 0,
    },
    queue: [],
    steers: [],
  };
}

/** Small immutable updates shared by the reducer's parts. */
export function append(state: UiState, bodies: TranscriptEntryBody[]): UiState {
  if (bodies.length === 0) return state;
  const added = bodies.map((body, i) => ({ ...body, id: state.nextId + i }) as TranscriptEntry);
  return { ...state, entries: [...state.entries, ...added], nextId: state.nextId + added.length };
}

/** The queue and the status bar's count of it change together. */
export function withQueue(state: UiState, queue: ComposedMessage[]): UiState {
  return withStatus({ ...state, queue }, { queued: queue.length });
}

export function withStatus(state: UiState, patch: Partial<StatusState>): UiState {
  return { ...state, status: { ...state.status, ...patch } };
}

export function withLive(state: UiState, patch: Partial<LiveState>): UiState {
  return { ...state, live: { ...state.live, ...patch } };
}
