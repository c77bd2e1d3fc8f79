import type { AgentSession } from "../../session/api.js";
import type { TuiController } from "../controller/controller.js";
import type { TranscriptEntryBody } from "../transcript/transcript-entries.js";

/**
 * What a slash command may do: send the controller intents and print plain transcript data
 * (never ink elements). The controller's session is there: commands run only once it is.
 */
export interface CommandContext {
  controller: TuiController & { readonly session: AgentSession };
  /** Everything after the command name, trimmed. */
  args: string;
  print(...entries: TranscriptEntryBody[]): void;
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
