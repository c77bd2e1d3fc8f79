/**
 * Lets the event loop read the terminal before more start-up work runs (a macrotask, not a
 * microtask): a key typed the moment the prompt is drawn is echoed between two steps of opening
 * the session instead of after all of them.
 */
export function yieldToKeys(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
