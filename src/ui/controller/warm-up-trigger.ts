import type { AgentSession } from "../../session/index.js";

/** A draft that will go to the model: text that is not a slash command nor a `!command`. */
function startsAMessage(draft: string): boolean {
  const text = draft.trimStart();
  return text !== "" && !text.startsWith("/") && !text.startsWith("!");
}

/**
 * When a session's warm-up is sent (issue 46): once, as the person starts typing a message to
 * the model — never at start or resume, so opening a session and leaving sends nothing, and a
 * slash command or `!command` typed first sends nothing either. A draft typed while the
 * session opens counts once it is open.
 */
export class WarmUpTrigger {
  private warmed: AgentSession | undefined;
  private drafting = false;

  constructor(private readonly warmUp: (session: AgentSession) => void) {}

  /** The composer holds `draft` now. */
  draft(draft: string, session: AgentSession | undefined): void {
    this.drafting = startsAMessage(draft);
    this.fire(session);
  }

  /** `session` is open (the first, or one switched to). */
  opened(session: AgentSession): void {
    this.fire(session);
  }

  private fire(session: AgentSession | undefined): void {
    if (!this.drafting || !session || this.warmed === session) return;
    this.warmed = session;
    this.warmUp(session);
  }
}
