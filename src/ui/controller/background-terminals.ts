import type { AgentSession } from "../../session/index.js";
import type { TranscriptEntryBody } from "../model/index.js";
import type { UiAction } from "./state.js";

/** Said when a session with running background terminals ends (/new, /resume, /fork): they stop. */
export function endingTerminalsNotice(session: AgentSession): TranscriptEntryBody[] {
  const running = session.terminals?.list().length ?? 0;
  if (running === 0) return [];
  const what = running === 1 ? "1 background terminal" : `${running} background terminals`;
  const text = `${what} of the previous session stopped (they end with their session)`;
  return [{ kind: "notice", level: "info", text }];
}

/**
 * Keeps the status bar's count of background terminals in step with the engine's list; the
 * returned function stops following (and clears the count).
 */
export function followTerminals(
  session: AgentSession,
  dispatch: (action: UiAction) => void,
): () => void {
  const terminals = session.terminals;
  if (!terminals) return () => {};
  const update = () => dispatch({ type: "background_terminals", count: terminals.list().length });
  update();
  const unsubscribe = terminals.onChange(update);
  return () => {
    unsubscribe();
    dispatch({ type: "background_terminals", count: 0 });
  };
}
