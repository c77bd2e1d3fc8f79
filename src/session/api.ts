import type { SignedInAccount } from "../auth/index.js";
import type { McpServerStatus } from "../mcp/index.js";
import type { MessageImage, ReasoningEffort, ResponseItem } from "../protocol/index.js";
import type { SandboxMode } from "../sandbox/index.js";
import type { Settings } from "../settings/index.js";
import type {
  ApprovalDecision,
  ApprovalPolicy,
  ApprovalRequest,
  BackgroundTerminalsView,
  CodeRewind,
  HookSetup,
  RuleBook,
  ToolRouter,
  UserInputAnswers,
  UserInputRequest,
  WorkspaceScope,
} from "../tools/index.js";
import type { TransportKind } from "../transport/index.js";
import type { CollaborationMode } from "./context/index.js";
import type { NextRequestPreview, SessionEventListener, SteerState } from "./events.js";
import type { BudgetChanges, Goal, GoalBudgets } from "./goals/index.js";
import type { AgentLimits, AgentView, CostDisplay, PlanUsageAttribution } from "./ledger/index.js";
import type { CheckpointLine, RewindMode } from "./store/index.js";

export type { SteerState } from "./events.js";

/** A message `steer` took: its id (for `unsteer` and `steer_state`) and where it went. */
export interface SteerReceipt {
  id: string;
  state: Exclude<SteerState, "committed">;
}

/** `withdrawn`: it never reaches the model; `sent`: a request or the server has it already. */
export type UnsteerResult = "withdrawn" | "sent";

import type { SessionKnowledge } from "./context/index.js";
import type { LedgerCost, WarmupTally } from "./ledger/index.js";
import type { HistoryStore, RecordedSettings } from "./store/index.js";
import type { ProviderSettings, SessionSettings } from "./wire/index.js";

/** A step whose next request `AgentSession.forecast` prices: another model, effort or mode, or a compaction. */
export type ForecastChange =
  | { settings: Partial<Pick<SessionSettings, "model" | "effort">> }
  | { compaction: true }
  /** The next turn opened by this user message (a goal's turn). */
  | { message: string }
  /** A switch of collaboration mode: its effort (the mode message adds no break). */
  | { mode: CollaborationMode };

export interface SessionOptions {
  /** Session id: the ledger and session file name, and the prompt_cache_key unless set below. */
  id: string;
  /** A fork's: its parent's key, so the shared prefix is routed to the cache that holds it. */
  promptCacheKey?: string;
  provider: ProviderSettings;
  /**
   * Every config key, resolved once by launch (src/settings), read where it is used
   * (`config.turn.maxToolRounds`, `config.model.planModeEffort`); absent: nothing configured.
   */
  config?: Settings;
  settings: SessionSettings;
  /** Base instructions (prompts/base.md). */
  instructions: string;
  tools: ToolRouter;
  cwd: string;
  workspaceRoots: string[];
  sandbox: SandboxMode;
  /** When the person is asked (the session's approval gate applies it to every tool call). */
  approvalPolicy: ApprovalPolicy;
  /** $MINI_CODEX_HOME; the ledger goes to <home>/sessions/<id>.ledger.jsonl. */
  home: string;
  /** Write the ledger (default true); `exec --ephemeral` saves nothing, so it passes false. */
  ledger?: boolean;
  /** Items restored from a saved session (resume); includes the initial context items. */
  restoredHistory?: ResponseItem[];
  /** What the person should know about the restored history (unreadable lines, repairs). */
  notices?: string[];
  /** A subagent's own thread resumed alone: the session that spawned it. */
  spawnedBy?: SpawnedBy;
  /**
   * The model and effort the restored history last ran on: when `settings` differ (a flag on
   * resume), the change is recorded and the model is told with the next message.
   */
  restoredSettings?: RecordedSettings;
  /** The AGENTS.md files, skills and prompt files read when it was opened (/status, /skills). */
  knowledge?: SessionKnowledge;
  /**
   * The permissions message that holds for this run (session/permissions-context.ts): when the
   * history last told the model another one (a resume or fork with another sandbox or approval
   * policy; a compaction, /new or rewind that dropped an update), it goes ahead of the next
   * message. Absent: nothing is told beyond the history's own context.
   */
  permissions?: ResponseItem;
  /** Initial context items (developer + environment_context) for a new session. */
  initialContext?: ResponseItem[];
  historyStore?: HistoryStore;
  /** Send the generate:false warm-up when a WebSocket opens (TUI: yes; exec: measured). */
  warmup: boolean;
  /** Compact before a request once the last response's input tokens passed this. */
  autoCompactTokenLimit?: number;
  /** Ask the person (TUI); called only when the policy says ask. Absent (exec): refused instead. */
  approve?(request: ApprovalRequest): Promise<ApprovalDecision>;
  /**
   * Ask the person the model's short questions (`request_user_input`, Plan mode): their answers,
   * or undefined when dismissed. Absent (exec): the tool is refused, the model decides itself.
   */
  askUser?(request: UserInputRequest, signal: AbortSignal): Promise<UserInputAnswers | undefined>;
  /** The `.rules` files (docs/config.md, "Rules"): the gate consults them; "always" writes one. */
  rules?: RuleBook;
  /** The trusted hooks of hooks.json and how they run (docs/config.md, "Hooks"). */
  hooks?: HookSetup;
  /** Record the workspace before each user turn that may change files (code rewind); off unless set. */
  checkpoints?: boolean;
  /** The checkpoint lines of a resumed session file, in order. */
  restoredCheckpoints?: CheckpointLine[];
  /**
   * Where apply_patch may write (roots, sandbox, masked and protected paths): a code rewind
   * writes and removes by the same rule. Absent: the roots and sandbox above, nothing protected.
   */
  writeScope?: WorkspaceScope;
  /** Package version for the User-Agent. */
  version: string;
  /** The MCP servers whose tools `tools` offers (shared by the sessions of one run). */
  mcp?: McpSessionTools;
  /** The server refused an in-band effort change for `model`: the catalog remembers it. */
  onNoEffortUpdates?(model: string): void;
  /** The processes exec_command started (when `tools` offers it); they end with the session. */
  terminals?: BackgroundTerminalsView;
  /** Subagents (`[agents]`): the four tools and their limits; absent: no subagent tools. */
  agents?: AgentLimits;
  /** Where a subagent's own conversation is saved (its session file); absent: nowhere. */
  childStore?(child: ChildThread): HistoryStore;
  /**
   * Goals (`/goal`, `exec --goal`; docs/config.md, "Goals"): update_goal is offered in every
   * request and the session can hold a goal, with these `[goals]` budgets by default. Absent:
   * neither.
   */
  goals?: GoalBudgets;
  /** The goal a resumed session file recorded last (an active one comes back paused). */
  restoredGoal?: Goal;
}

/**
 * A session's goal (docs/config.md, "Goals"): the person sets, pauses, resumes and clears it;
 * `next()` runs its next turn while it is active and its budgets allow, and `goal_updated`
 * events say every change.
 */
export interface SessionGoals {
  /** The goal as it stands, spend so far included (undefined: none). */
  current(): Goal | undefined;
  /** A new active goal in place of any other: `[goals]`'s budgets with `budgets` made over them. */
  set(objective: string, budgets?: BudgetChanges): Goal;
  /** An active goal paused (no turn follows); `reason` says why (default: the person paused it). */
  pause(reason?: string): Goal | undefined;
  /** The goal active again after any stop, its budgets changed first; its spend stays. */
  resume(budgets?: BudgetChanges): Goal | undefined;
  /** No goal any more (its last state is returned). */
  clear(): Goal | undefined;
  /**
   * Its next turn, when the goal is active and the forecast of that turn's first request fits
   * what is left of every budget; otherwise the goal stops (a `goal_updated` event says why)
   * and no turn runs (undefined).
   */
  next(): Promise<TurnResult | undefined>;
}

/** The session that spawned a subagent's thread: its id, the child's name there, its first message. */
interface SpawnedBy {
  id: string;
  name?: string;
  firstMessage?: string;
}

/** A subagent as its own saved thread: its id, who spawned it, what it runs on. */
export interface ChildThread {
  id: string;
  name: string;
  parent: string;
  depth: number;
  settings: SessionSettings;
  promptCacheKey: string;
}

/** What a session needs of its MCP servers (src/mcp's McpManager). */
export interface McpSessionTools {
  status(): McpServerStatus[];
  /** Servers that failed to start, one line each (the session shows them as warnings). */
  startupWarnings(): string[];
  /** A server's tool list changed; the session applies it at the next user turn. */
  onChange(listener: () => void): () => void;
}

export interface SessionStatus {
  sessionId: string;
  providerId: string;
  baseUrl: string;
  transport: TransportKind;
  /** The lane of the last request (or of the next, before any). */
  lane: string;
  /** How lanes reach the server now: `auto` reads `stream_id` until the provider turns it down. */
  laneTransport: "off" | "stream_id" | "connections";
  /** Every lane, oldest first, with the requests sent on it. */
  lanes: Array<{ label: string; requests: number }>;
  model: string;
  /** Where the catalog's facts for the model came from: bundled, discovered, configured, fallback. */
  modelSource: string;
  effort?: ReasoningEffort;
  /** How an effort change travels: a configuration_update on the chain, or a lane. */
  effortChanges: "in-band" | "lanes";
  /** The collaboration mode (absent: default). */
  mode?: CollaborationMode;
  totals: {
    requests: number;
    incrementalRequests: number;
    inputTokens: number;
    cachedTokens: number;
    outputTokens: number;
    /** US dollars over the priced requests, per model; the models that had no price. */
    cost: LedgerCost;
    /** The warm-ups' share of the above (shown on a line of its own). */
    warmup?: WarmupTally;
  };
  /** The Codex backend's plan windows and each turn's share of them (absent elsewhere). */
  planUsage?: PlanUsageAttribution;
  /** Dollars (an API key pays per token) or what a ChatGPT plan counts (`costDisplayFor`). */
  costDisplay: CostDisplay;
  /** What the provider is signed in with: a ChatGPT sign-in's email and plan; absent: no credential. */
  account?: { kind: "api_key" } | ({ kind: "chatgpt" } & SignedInAccount);
  next: NextRequestPreview;
  /** The session's subagents, in spawn order (their bill: requests, tokens, cost, savings). */
  agents?: AgentView[];
}

export interface TurnResult {
  ok: boolean;
  aborted: boolean;
  lastMessage?: string;
  error?: string;
  /** The turn stopped at its tool round limit (`max_tool_rounds`): the model kept calling tools. */
  toolRoundLimit?: true;
}

/** An earlier user message the session can rewind to (`/rewind`, `exec rewind`). */
export interface RewindPoint {
  /** 1-based: the first user message of the list is 1 (what `exec rewind <turn>` takes). */
  turn: number;
  /** The message's index in history: a conversation rewind keeps the items before it. */
  at: number;
  message: string;
  /** The workspace was recorded before it (a code rewind is possible), else why not. */
  code: true | { skipped: string };
  /**
   * Sent before a compaction: `at` indexes the history then, which a conversation rewind brings
   * back (from the session file).
   */
  compacted?: true;
}

/** What a rewind did. */
export interface RewindResult {
  mode: RewindMode;
  /** The message rewound to, for the composer (conversation and both). */
  message: string;
  /** What the code rewind undid, as a unified diff from the checkpoint to the workspace before it. */
  diff?: string;
  /** Files put back, removed, and kept because they were edited outside mini-codex. */
  code?: CodeRewind;
}

/** Rewinding a session to before one of its user messages (issue 29). */
export interface SessionRewinds {
  /** Earlier user messages to rewind to, oldest first. */
  points(): RewindPoint[];
  /** The diff a code rewind to `turn` would undo (shown before it is done). */
  diff(turn: number): Promise<string>;
  /** Rewind to before user message `turn` (a RewindPoint's number); throws a clear Error when it cannot. */
  rewind(turn: number, mode: RewindMode): Promise<RewindResult>;
}

/** The one API the TUI, exec and the tests drive. */
export interface AgentSession {
  readonly id: string;
  /** Warnings from opening it (a resumed file's unreadable lines, repaired calls), for the transcript. */
  readonly notices?: readonly string[];
  /** A subagent's thread resumed alone: whose child it is (the transcript says so). */
  readonly spawnedBy?: SpawnedBy;
  /** What was read from AGENTS.md files, skills and prompt files when it was opened. */
  readonly knowledge?: SessionKnowledge;
  /** Run one user turn to completion (tools included). Events arrive via subscribe(). */
  send(input: string, images?: readonly (string | MessageImage)[]): Promise<TurnResult>;
  subscribe(listener: SessionEventListener): () => void;
  /**
   * Enter while a turn runs: the message goes into that turn (on the socket at once, where the
   * response takes `response.steer`, else at its next sampling boundary). Its id and where it
   * is now; `steer_state` events follow it. Undefined when no turn runs (the caller then sends
   * it as a turn of its own).
   */
  steer(text: string, images?: readonly MessageImage[]): SteerReceipt | undefined;
  /** Take back steered message `id` if it still waits on the client (`sent`: it cannot be). */
  unsteer?(id: string): UnsteerResult;
  /** Stop the running turn (Esc / Ctrl-C). */
  abort(): void;
  /**
   * The next request planned and priced (input, cached share, cost) as things are, or if
   * `change` were made; nothing is sent or changed.
   */
  forecast?(change?: ForecastChange): NextRequestPreview;
  /** Change model/effort for the next request without rebuilding the session. */
  update(settings: Partial<SessionSettings>): void;
  /**
   * Switch the collaboration mode for the next request (/plan, Shift+Tab): Plan runs commands
   * read-only on its own effort; the mode's instructions go ahead of the next message, so the
   * chain and the cached prefix stay (an effort change travels as `update` makes it travel).
   */
  setMode?(mode: CollaborationMode): void;
  /**
   * Start the conversation over in this session (same id and file): history goes back to its
   * initial context and the next request is full (`epoch_reset:new`). The ACP agent's `/new`.
   */
  newConversation?(): void;
  /** Ask the model for a summary, replace history with it, reset the chain epoch. */
  compact(): Promise<TurnResult>;
  /** `!command`: run it under the session's sandbox; its output is context for the next message. */
  runUserShell(command: string): Promise<TurnResult>;
  /**
   * Start the WebSocket and the warm-up now (the TUI: once the person starts typing a message,
   * so opening a session and leaving sends nothing); it also says what `opened` says.
   */
  prepare(): Promise<void>;
  /** The front end listens: say what opening found (MCP servers that did not start). Sends nothing. */
  opened?(): void;
  status(): SessionStatus;
  history(): readonly ResponseItem[];
  /** The rules on disk, to list and remove (/permissions); absent when none are read. */
  rules?(): RuleBook | undefined;
  /** Checkpoints and rewinds (/rewind, `exec rewind`); absent: this session cannot rewind. */
  rewinds?(): SessionRewinds;
  /** The configured MCP servers with their state and tools (/mcp). */
  mcpServers?(): McpServerStatus[];
  /** Processes started by exec_command that keep running (/ps, /stop, the status bar). */
  readonly terminals?: BackgroundTerminalsView;
  /** The session's goal (absent: this session holds none, `SessionOptions.goals`). */
  readonly goal?: SessionGoals;
  /** Ends the running turn and every background terminal. */
  close(): Promise<void>;
}
