import type { ToolOutput, ToolSpec } from "../protocol/index.js";
import type { SandboxMode } from "../sandbox/index.js";

type FileChangeKind = "add" | "delete" | "update";

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
interface McpToolResult {
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
interface UserInputOption {
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

/**
 * The session's approval gate: the policy, the rules, grants and PermissionRequest hooks decide,
 * and the person answers when they say so. `asking` is called when it asks (hooks or the
 * person): the call is then awaiting approval (src/turn/tool-calls).
 */
export type ApprovalGate = (
  request: ApprovalRequest,
  asking?: () => void,
) => Promise<ApprovalDecision>;

/** Everything a tool's plan and run may touch, injected so tests run on temp dirs and real processes. */
export interface ToolContext {
  callId: string;
  /** The working directory (absolute). */
  cwd: string;
  /** Writable roots: cwd plus --add-dir (absolute). */
  workspaceRoots: string[];
  sandbox: SandboxMode;
  signal: AbortSignal;
  emit(event: ToolEvent): void;
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

/**
 * What a call needs, as the approval gate judges it (and PermissionRequest hooks see it):
 * nothing (it reads, plans, or talks to subagents), a command in a workdir, a patch's file
 * changes, or a call to an MCP server's tool.
 */
export type ToolNeeds =
  | { kind: "nothing" }
  | {
      kind: "command";
      /** The exact command that will run. */
      command: string;
      /** Where, as shown (relative to the session's cwd). */
      workdir: string;
    }
  | { kind: "patch"; changes: ApprovalFileChange[] }
  | {
      kind: "mcp_tool";
      server: string;
      tool: string;
      /** The call's arguments as the model sent them (JSON text). */
      arguments: string;
      /** The server marks the tool read-only (`readOnlyHint`). */
      readOnly: boolean;
    };

/** A tool's plan for one call: what it needs, and its parsed input for the run. */
export interface ToolPlan<Args = unknown> {
  needs: ToolNeeds;
  args: Args;
}

/** How the gate lets a plan run. */
export interface Verdict {
  /** The sandbox it runs in: the session's, or danger-full-access once a sandbox denial was approved. */
  mode: SandboxMode;
  /** A command as approved: the gate may rewrite it (read-only git without config-named programs). */
  command?: string;
  /** Run unasked because believed read-only: the read-only sandbox whatever the mode. */
  confine?: "read-only";
}

export interface ApprovedPlan<Args = unknown> extends ToolPlan<Args> {
  verdict: Verdict;
}

/** What one run gave: the model's output, and whether the sandbox blocked it (commands). */
export interface ToolRun {
  output: ToolOutput;
  sandboxDenied?: boolean;
}

/**
 * A tool: its spec, and the two steps the tool-call pipeline (src/turn/tool-calls) drives.
 * `plan` parses the raw input — the `arguments` JSON text of a function call, the `input` text
 * of a custom one — and says what the call needs (throwing ToolError for input the model must
 * fix); `run` runs it once the gate let it. A tool never asks for approval itself.
 */
export interface ToolDefinition<Args = unknown> {
  name: string;
  spec: ToolSpec;
  plan(input: string, ctx: ToolContext): Promise<ToolPlan<Args>>;
  run(approved: ApprovedPlan<Args>, ctx: ToolContext): Promise<ToolRun>;
  /** The gate or the person refused the plan (`why`): the tool reports it (apply_patch: an event). */
  refused?(plan: ToolPlan<Args>, why: string, ctx: ToolContext): void;
  createDiffConsumer?(callId: string, emit: (event: ToolEvent) => void): DiffConsumer;
}

/** Tools that come and go at run time (MCP servers), merged after the built-in tools. */
export interface ToolSource {
  /** The current tools, in their stable order. */
  definitions(): ToolDefinition[];
}

/** The tool a call names, or what the model reads when there is none. */
export type ToolLookup = { tool: ToolDefinition } | { missing: string };

/** What the tool-call pipeline needs from a tool table (a registry, or a subagent's subset). */
export interface ToolRouter {
  /** Tool specs in a deterministic order with sorted keys (part of the cached prefix). */
  specs(): ToolSpec[];
  lookup(name: string): ToolLookup;
  /** A diff consumer for a custom tool call that has one; never for function calls. */
  createDiffConsumer(
    call: { type: string; name: string; call_id: string },
    emit: (event: ToolEvent) => void,
  ): DiffConsumer | undefined;
}
