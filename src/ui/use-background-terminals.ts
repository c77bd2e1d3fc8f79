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
      dispatch({ type: "background_terminals", count: 0 });
    };
  }, [session, dispatch]);
}
