import { type Dispatch, useEffect } from "react";
import type { AgentSession } from "../session/api.js";
import type { UiAction } from "./state.js";

/** Keeps the status bar's count of background terminals in step with the engine's list. */
export function useBackgroundTerminals(
  session: AgentSession | undefined,
  dispatch: Dispatch<UiAction>,
): void {
  useEffect(() => {
    const terminals = session?.terminals;
    if (!terminals) return;
    const update = () => dispatch({ type: "background_terminals", count: terminals.list().length });
    update();
    const unsubscribe = terminals.onChange(update);
    return () => {
      unsubscribe();
      // the session is ending (/new, /resume, /fork, quit): its terminals end with it
      const running = terminals.list().length;
      if (running > 0) {
        const what = running === 1 ? "1 background terminal" : `${running} background terminals`;
        const text = `${what} of the previous session stopped (they end with their session)`;
        dispatch({ type: "append", entries: [{ kind: "notice", level: "info", text }] });
      }
      dispatch({ type: "background_terminals", count: 0 });
    };
  }, [session, dispatch]);
}
