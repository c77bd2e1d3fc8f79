import type { UiAction } from "./state.js";
import type { Store } from "./store.js";
import type { TuiState } from "./tui-state.js";

/** "Context left" follows the model: /model may pick one with another window. */
export function followContextWindow(
  store: Store<TuiState>,
  windowFor: ((model: string) => number | undefined) | undefined,
  dispatch: (action: UiAction) => void,
): void {
  if (!windowFor) return;
  let model = "";
  store.subscribe(() => {
    const now = store.getState().status.model;
    if (!now || now === model) return;
    model = now;
    dispatch({ type: "context_window", contextWindow: windowFor(now) });
  });
}
