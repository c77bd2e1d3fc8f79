import type { ProjectTrust, ResumeTarget, RuntimeWorktree, TrustLevel } from "../launch/index.js";
import type { MessageImage, ReasoningEffort } from "../protocol/index.js";
import type { SandboxMode } from "../sandbox/index.js";
import type { AgentSession, CostDisplay, SessionSummary } from "../session/index.js";
import type { Settings } from "../settings/index.js";
import type {
  ApprovalDecision,
  ApprovalPolicy,
  ApprovalRequest,
  AskHookTrust,
  UserInputAnswers,
  UserInputRequest,
} from "../tools/index.js";
import type { NotificationSettings } from "./notifications.js";

/**
 * A saved session to continue, or to fork (new id, copied history, the parent's cache key);
 * `inSessionDirectory`: in the directory it ran in (else the TUI's current one).
 */
export type SessionSource = ({ resume: ResumeTarget } | { fork: ResumeTarget }) & {
  inSessionDirectory?: boolean;
};

/** Hooks the TUI gives the session it asks for (approvals are answered by the person). */
export interface TuiSessionHooks {
  /** Start from a saved session instead of a new one. */
  source?: SessionSource;
  approve?(request: ApprovalRequest): Promise<ApprovalDecision>;
  /** The model's questions (request_user_input, Plan mode), answered by the person. */
  askUser?(request: UserInputRequest, signal: AbortSignal): Promise<UserInputAnswers | undefined>;
  /** A hook whose files changed since trusted is about to run: the person decides. */
  askHookTrust?: AskHookTrust;
  /** A /review fork: read-only, nobody asked, no warm-up. */
  review?: boolean;
  /** Model and effort chosen earlier in this run (for /new): the session starts with them. */
  settings?: { model: string; effort?: ReasoningEffort };
}

/** Folder trust (docs/config.md, "Trust"), for a saved session about to open in another folder. */
export interface FolderTrustAccess {
  /** The project `dir` belongs to and the trust recorded for it (none: ask). */
  of(dir: string): ProjectTrust;
  /** Record the answer in config.toml; returns the line that says where. */
  record(root: string, level: TrustLevel): string;
}

/** What the CLI hands the TUI; the TUI is loaded lazily (dynamic import of src/ui/run.js). */
export interface TuiLaunchOptions {
  /** Build a session (the first one, and a fresh one for /new). */
  createSession(hooks: TuiSessionHooks): Promise<AgentSession>;
  initialPrompt?: string;
  /** -i/--image: images (each named by a text part) attached to the first message sent. */
  initialImages?: readonly MessageImage[];
  /** The first session: a saved one, or the resume picker first (default: a new session). */
  start?: SessionSource | { pick: { allDirectories: boolean } };
  /** Saved sessions for the resume picker, newest first (this directory's unless `all`). */
  listSessions?(allDirectories: boolean): SessionSummary[];
  /** -C/--cd chose the directory: a session picked from the list goes on there, nothing asked. */
  directoryFromCommandLine?: boolean;
  /** Folder trust: a session picked from the list asks first about a folder never decided on. */
  folderTrust?: FolderTrustAccess;
  /** The shell command that continues a session, as the exit summary prints it. */
  resumeCommand?(sessionId: string): string;
  /** $MINI_CODEX_HOME (for /ledger). */
  home: string;
  /** The homes the git of `/diff` and `/review` never sees (the runtime's hiddenHomes). */
  hiddenHomes: readonly string[];
  cwd: string;
  /** The git worktree cwd is in, when it is a linked one (`made`: by --worktree). */
  worktree?: RuntimeWorktree | undefined;
  approvalPolicy: ApprovalPolicy;
  sandbox: SandboxMode;
  /** The model's context window in tokens, for "context left" (undefined = unknown). */
  contextWindow?: number;
  /** How costs are shown: dollars, or a ChatGPT plan's tokens and usage (`costDisplayFor`). */
  costDisplay?: CostDisplay;
  /** The context window of another model, after `/model` (undefined = unknown). */
  contextWindowFor?(model: string): number | undefined;
  version: string;
  /** `[tui] notifications`, `notification_method` and `notify` (undefined = none). */
  notifications?: NotificationSettings;
  /**
   * Every config key, resolved (src/settings): the TUI reads `config.tui.*` and /help shows
   * what is configured. Absent: nothing configured.
   */
  config?: Settings;
  /** The profile applied, as the banner names it (`profileLabel`; undefined = none). */
  profile?: string;
  /** Whose config.toml this is when it is the Codex CLI's, and how to stop it (the banner says it). */
  configNotice?: string;
}

/** `src/ui/run.tsx` exports `runTui: RunTui`; resolves with the process exit code. */
export type RunTui = (options: TuiLaunchOptions) => Promise<number>;
