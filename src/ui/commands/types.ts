import type { AgentSession } from "../../session/index.js";
import type { TuiController } from "../controller/index.js";
import type { TranscriptEntryBody } from "../model/index.js";

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
