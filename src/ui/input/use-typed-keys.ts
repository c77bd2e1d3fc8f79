import { useStdin } from "ink";
import { useEffect } from "react";
import { typedKeys } from "./typed-keys.js";

/**
 * Every input event Ink emits goes out as the keys it holds (typedKeys): keys typed while the
 * TUI was busy arrive in one read, and every listener (useInput's parser, the raw chunk) must
 * see them one at a time, as if typed apart.
 */
export function useTypedKeys() {
  const { internal_eventEmitter: events } = useStdin();
  useEffect(() => {
    const emit = events.emit;
    let pasting = false;
    events.emit = function emitTyped(
      this: typeof events,
      name: string | symbol,
      ...args: unknown[]
    ) {
      const [chunk] = args;
      if (name !== "input" || typeof chunk !== "string") return emit.call(this, name, ...args);
      const typed = typedKeys(chunk, pasting);
      pasting = typed.pasting;
      for (const key of typed.keys) emit.call(this, name, key);
      return true;
    };
    return () => {
      events.emit = emit;
    };
  }, [events]);
}
