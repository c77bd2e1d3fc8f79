import { useState, useSyncExternalStore } from "react";
import { ComposerModel, type ComposerOptions } from "./composer-model.js";

/** The composer for a view: one model for the app's life, re-rendering on each edit. */
export function useComposer(options: ComposerOptions) {
  const [model] = useState(() => new ComposerModel(options));
  const buffer = useSyncExternalStore(model.subscribe, model.current);
  return { model, buffer };
}
