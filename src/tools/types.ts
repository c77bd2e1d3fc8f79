import type { ToolCallItem } from "../protocol/items.js";
import type { ToolSpec } from "../protocol/request.js";
import type { ToolOutput } from "../protocol/tool-output.js";
import type { SandboxMode } from "../sandbox/modes.js";

export type FileChangeKind = "add" | "delete" | "update";

export interface FileChange {
  path: string;
  kind: FileChangeKind;
  /** Destination of a move (an update that renames the file). */
  movePath?: string;
  /** Unified diff of the change, for the UI (never sent to the ledger). */
  diff?: string;
}

export interface PlanStep {
  step: string;
  status: "pending" | "in_progress" | "completed";
}

/** What an apply_patch input looks like so far, while it streams in. */
export interface PatchPreview {
  files: Array<{
    path: string;
    kind: "add" | "update" | "delete" | "move";
    movePath?: string;
    linesAdded: number;
    linesRemoved: number;
  }>;
  /** Text of the hunk being streamed right now (complete lines only). */
  currentHunk: string;
  done: boolean;
}

/** Events tools emit while they run; the session forwards them as session events. */
export type ToolEvent =
  | { type: "command_started"; callId: string; command: string; workdir: string }
  | { type: "command_output"; callId: string; stream: "stdout" | "stderr"; chunk: string }
  | {
      type: "command_finished";
      callId: string;
      command: string;
      exitCode: number | null;
      timedOut: boolean;
      aborted: boolean;
      /** The whole output (UI); the model gets the capped text. */
      aggregatedOutput: string;
      durationMs: number;
    }
  /** exec_command returned while its process keeps running (a background terminal). */
  | { type: "command_backgrounded"; callId: string; command: string; sessionId: number }
  /** write_stdin wrote to (or polled) a background terminal; `output` is what it showed since. */
  | {
      type: "terminal_interaction";
      callId: string;
      sessionId: number;
      chars: string;
      output: string;
      /** Set when the process has ended. */
      exitCode?: number;
    }
  | { type: "patch_preview"; callId: string; preview: PatchPreview }
  | {
      type: "patch_applied";
      callId: string;
      ok: boolean;
      changes: FileChange[];
      /** Why it failed (a patch or workspace error), when !ok. */
      error?: string;
    }
  | { type: "plan_updated"; callId: string; explanation?: string; plan: PlanStep[] }
  /** request_user_input asked the person; `answers` absent: dismissed without an answer. */
  | {
      type: "user_input";
      callId: string;
      questions: UserInputQuestion[];
      answers?: UserInputAnswers["answers"];
    }
  | {
      type: "image_viewed";
      callId: string;
      /** As the model gave it (relative to cwd, or absolute). */
      path: string;
      /** What was sent, when it was. */
      image?: { mediaType: string; bytes: number };
      /** Why nothing was sent (the model got this text instead). */
      error?: string;
    }
  | { type: "mcp_call_started"; callId: string; server: string; tool: string; arguments: unknown }
  | {
      type: "mcp_call_finished";
      callId: string;
      server: string;
      tool: string;
      arguments: unknown;
      durationMs: number;
      /** What the server returned (absent when the call failed before a result). */
      result?: McpToolResult;
      /** What the model read, as text for people: images as labels (or why one was not sent). */
      modelText?: string;
      /** Why it failed: a server error, a timeout, an exit, or an `isError` result. */
      error?: string;
    }
  /**
   * A subagent tool call (spawn_agent, send_input, wait_agent, close_agent) started or ended:
   * exec --json's `collab_tool_call` item; `states` are the agents' states when it ended.
   */
  | {
      type: "agent_call";
      callId: string;
      phase: "started" | "finished";
      tool: AgentToolName;
      /** The ids of the agents it addressed (spawn_agent: the new one, once it exists). */
      receivers: string[];
      prompt?: string;
      states: Record<string, { status: string; message: string | null }>;
      ok: boolean;
    };

/** The Codex CLI's subagent tools (its multi_agent_v1 set). */
export type AgentToolName = "spawn_agent" | "send_input" | "wait_agent" | "close_agent";

/** An MCP call's result as the server sent it (for the UI and exec --json, not the model). */
export interface McpToolResult {
  content: unknown[];
  structuredContent?: unknown;
}

/** The person's answer to an approval request (docs/protocol.md, "Approvals"). */
export type ApprovalDecision =
  /**
   * This call only; `command`: what runs in place of the asked one (read-only git, hardened);
   * `confine`: run unasked because believed read-only, so in the read-only sandbox whatever the mode.
   */
  | { kind: "approve"; command?: string; confine?: "read-only" }
  /** Commands: don't ask again this session for commands starting with these words. */
  | {
      kind: "approve_prefix";
      prefix: string[];
      /** "always": also saved as an allow rule on disk (`$MINI_CODEX_HOME/rules/default.rules`). */
      always?: boolean;
    }
  /** Patches: don't ask again this session for patches touching only these files. */
  | { kind: "approve_files"; paths: string[] }
  /**
   * Refused; `feedback` goes to the model with the denial. `forbidPrefix` (commands): "no,
   * never" — also saved as a forbidden rule on disk, so later commands starting with these
   * words are refused unasked.
   */
  | { kind: "deny"; feedback?: string; forbidPrefix?: string[] };

/** A file change as the person approves it: always with its whole unified diff. */
export interface ApprovalFileChange extends FileChange {
  diff: string;
}

/**
 * What the person must see to decide. `agent` names the subagent whose call it is (asked in
 * the parent's TUI; absent: the session's own call).
 */
export type ApprovalRequest = (
  | {
      kind: "command";
      callId: string;
      /** The exact command that will run. */
      command: string;
      workdir: string;
      /** A safe prefix for "don't ask again for commands that start with …" (shown in the label). */
      suggestedPrefix: string[];
      /** Set when the command already failed in the sandbox: "run it again without the sandbox?". */
      reason?: "sandbox_denied";
    }
  | { kind: "patch"; callId: string; changes: ApprovalFileChange[] }
  | {
      kind: "mcp_tool";
      callId: string;
      server: string;
      tool: string;
      /** The call's arguments as the model sent them (JSON text). */
      arguments: string;
      /** The server marks the tool read-only (`readOnlyHint`). */
      readOnly: boolean;
    }
) & { agent?: string };

/** One choice of a request_user_input question. */
export interface UserInputOption {
  label: string;
  description: string;
}

/** One short question of request_user_input (the Codex CLI's shape). */
export interface UserInputQuestion {
  /** Names the answer in the reply. */
  id: string;
  /** A short label for the question (a word or two). */
  header: string;
  question: string;
  /** Mutually exclusive choices; the person may also type an answer of their own. */
  options: UserInputOption[];
}

/** What the model asks the person (`agent`: the subagent asking; absent: the session). */
export interface UserInputRequest {
  callId: string;
  questions: UserInputQuestion[];
  agent?: string;
}

/** The person's answers by question id, each a list of strings (the Codex CLI's reply shape). */
export interface UserInputAnswers {
  answers: Record<string, { answers: string[] }>;
}

/**
 * What a patch is about to write, recorded durably before its first write (the session file's
 * `patch_intent` line): each file in write order with the hash of its content before and after
 * (null: absent), never the content itself. A resume compares the files on disk with these
 * hashes, so what it reports as applied is proven by the files, not by progress markers.
 */
export interface PatchIntent {
  files: PatchIntentFile[];
}

export interface PatchIntentFile {
  /** Absolute path. */
  path: string;
  /** sha256 of the content (first 128 bits, hex) before the patch; null: the file did not exist. */
  before: string | null;
  /** sha256 of the content the patch writes (first 128 bits, hex); null: the patch deletes it. */
  after: string | null;
}

/** Everything a tool handler may touch, injected so tests run on temp dirs and real processes. */
export interface ToolContext {
  callId: string;
  /** The working directory (absolute). */
  cwd: string;
  /** Writable roots: cwd plus --add-dir (absolute). */
  workspaceRoots: string[];
  sandbox: SandboxMode;
  signal: AbortSignal;
  emit(event: ToolEvent): void;
  /** Ask the person (TUI). Absent means "allowed" (exec never asks). */
  approve?(request: ApprovalRequest): Promise<ApprovalDecision>;
  /** A one-line warning for the person (the session's `warning` event). */
  warn?(message: string): void;
  /**
   * Ask the person short questions (request_user_input, Plan mode, the TUI): their answers, or
   * undefined when they dismissed them (or `signal` ended the turn). Absent: nobody can answer.
   */
  askUser?(request: UserInputRequest, signal: AbortSignal): Promise<UserInputAnswers | undefined>;
  /**
   * Record durably, before the first write, what a patch is about to write (the session file's
   * `patch_intent` line); absent when nothing is saved (--ephemeral).
   */
  recordPatchIntent?(intent: PatchIntent): void;
}

/** Receives a custom tool call's input while it streams; produces previews only. */
export interface DiffConsumer {
  push(delta: string): void;
  /** Called before the call's output_item.done; delivers the last preview. */
  finish(): void;
}

export interface ToolDefinition {
  name: string;
  spec: ToolSpec;
  /**
   * Run the tool. `input` is the raw `arguments` JSON text (function tools) or the raw
   * `input` text (custom tools). Returns what the model will see: text, or content parts.
   */
  run(input: string, ctx: ToolContext): Promise<ToolOutput>;
  createDiffConsumer?(callId: string, emit: (event: ToolEvent) => void): DiffConsumer;
}

/** Tools that come and go at run time (MCP servers), merged after the built-in tools. */
export interface ToolSource {
  /** The current tools, in their stable order. */
  definitions(): ToolDefinition[];
}

/** What the turn loop needs from the tool registry. */
export interface ToolRouter {
  /** Tool specs in a deterministic order with sorted keys (part of the cached prefix). */
  specs(): ToolSpec[];
  /** Run a call. Never throws for bad input: unknown tools, bad JSON and handler errors become outputs. */
  execute(call: ToolCallItem, ctx: ToolContext): Promise<ToolOutput>;
  /** A diff consumer for a custom tool call that has one; never for function calls. */
  createDiffConsumer(
    call: { type: string; name: string; call_id: string },
    emit: (event: ToolEvent) => void,
  ): DiffConsumer | undefined;
}
