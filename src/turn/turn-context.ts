import type { ResponseItem } from "../protocol/index.js";
import type { SandboxMode } from "../sandbox/index.js";
import type {
  CollaborationMode,
  FullRequest,
  ModelClient,
  RequestFinished,
  RequestStarted,
  SessionEvent,
} from "../session/index.js";
import type { Settings } from "../settings/index.js";
import type {
  ApprovalDecision,
  ApprovalGate,
  ApprovalRequest,
  PatchIntent,
  ToolContext,
  ToolRouter,
} from "../tools/index.js";
import type { ToolCallHooks } from "./session-hooks.js";

/**
 * What every part of one turn works with (docs/architecture.md, "The turn context"): the turn's
 * number and abort signal, the model, the tools and where they run, the run's settings, the
 * history and the event stream. The session makes one per turn (`Session.turnContext`); the turn loop, the tool-call
 * pipeline, compaction and the person's `!command` all take it.
 */
export interface TurnContext {
  readonly turn: number;
  readonly signal: AbortSignal;
  readonly client: Pick<ModelClient, "sample">;
  readonly tools: ToolRouter;
  /** The run's settings (src/settings), by reference: `config.turn.maxToolRounds`, … */
  readonly config: Settings;
  /** Where tools run and what they may write. */
  readonly cwd: string;
  readonly workspaceRoots: string[];
  readonly sandbox: SandboxMode;
  /** The collaboration mode the turn's calls are judged by (absent: default). */
  readonly mode?: CollaborationMode;
  /** Ask the person the model's questions (request_user_input); absent: nobody can answer. */
  readonly askUser?: ToolContext["askUser"];
  /** The session's approval gate (none: every call runs as planned; unit tests). */
  approve?: ApprovalGate;
  /** The session's PreToolUse/PostToolUse hooks, a stage of every model call (src/turn/tool-calls). */
  hooks?: ToolCallHooks;
  /** Who answers when a PreToolUse hook says "ask" (none: refused). */
  person?(request: ApprovalRequest): Promise<ApprovalDecision>;
  /** The subagent whose turn it is: its approval requests name it. */
  agent?: string;
  /** A tool output just appended: from now on the model sees this text (session/history.ts). */
  freeze?(item: ResponseItem): void;
  /** The full logical request for the current history plus `extra` (never kept in history). */
  build(extra?: ResponseItem[]): FullRequest;
  /** Append items to history (and its store). */
  append(items: ResponseItem[]): void;
  /** What a call's patch is about to write, saved before it writes (resume reports on it). */
  recordPatchIntent?(callId: string, intent: PatchIntent): void;
  emit(event: SessionEvent): void;
  onRequestStarted(request: RequestStarted): void;
  onRequestFinished(request: RequestFinished): void;
}
