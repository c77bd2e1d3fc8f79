import type { AgentSession, TurnResult } from "../../session/api.js";
import type { TuiLaunchOptions } from "../contract.js";
import type { TranscriptEntryBody } from "../transcript-entries.js";

/** The launch settings a command may show (/status). */
export type LaunchSettings = Pick<TuiLaunchOptions, "approvalPolicy" | "sandbox" | "profile"> & {
  /** The current model's context window in tokens (undefined = unknown). */
  contextWindow?: number;
};

/** What a slash command may do; commands produce plain transcript data, never ink elements. */
export interface CommandContext {
  session: AgentSession;
  /** Everything after the command name, trimmed. */
  args: string;
  home: string;
  cwd: string;
  settings(): LaunchSettings;
  commands: readonly SlashCommand[];
  print(...entries: TranscriptEntryBody[]): void;
  openEffortPicker(): void;
  /** The model picker (then the chosen reasoning model's efforts). */
  openModelPicker(): void;
  /** Run a session operation as a turn (busy while it runs, errors shown); true when it succeeded. */
  runSessionOperation(operation: () => Promise<TurnResult>): Promise<boolean>;
  newSession(): Promise<void>;
  /** The list of saved sessions to resume (`/resume`). */
  openResumePicker(): void;
  /** A read-only, nobody-asked fork of this session for /review (its parent's cache key). */
  openReviewFork(): Promise<AgentSession>;
  /** Send a message to the model as if typed (prompt files). */
  sendMessage(text: string): void;
  /** Go on in a copy of this session (`/fork`). */
  forkSession(): Promise<void>;
  quit(): void;
}

export interface SlashCommand {
  name: string;
  description: string;
  /** Argument synopsis for /help, e.g. "[level]". */
  args?: string;
  allowedWhileBusy: boolean;
  run(ctx: CommandContext): void | Promise<void>;
}

export function info(text: string): TranscriptEntryBody {
  return { kind: "notice", level: "info", text };
}

export function problem(text: string): TranscriptEntryBody {
  return { kind: "notice", level: "error", text };
}
