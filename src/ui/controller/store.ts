/**
 * The TUI's one store of facts: plain state, changed only through `update`, read by the views
 * with `useSyncExternalStore(store.subscribe, store.getState)`. Listeners run synchronously
 * after each change, so the controller and the keys always read the state as it is now.
 */
export interface Store<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  update(change: (state: S) => S): void;
}

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update(change) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
  };
}
