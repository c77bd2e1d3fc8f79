import { useStdin } from "ink";
import { useEffect } from "react";
import { type KeyCut, NOTHING_OPEN, typedKeys } from "./typed-keys.js";

/**
 * How long the start of an escape sequence a read ended inside waits for its rest, by default
 * (`tui.escape_timeout_ms`): a cut sequence's rest is written with it and follows at once,
 * while a lone Esc (interrupt, Esc Esc) waits this long before it acts — 50 ms is below what a
 * person notices (terminal editors wait 10–100 ms for the same). After it, one more turn of the
 * event loop lets a rest already waiting be read first (a loaded machine runs the timer late).
 */
const ESCAPE_TIMEOUT_MS = 50;

/**
 * Every input event Ink emits goes out as the keys it holds (typedKeys): keys typed while the
 * TUI was busy arrive in one read, and every listener (useInput's parser, the raw chunk) must
 * see them one at a time, as if typed apart. The start of an escape sequence a read ended
 * inside waits for the next event, or `escapeTimeoutMs`, and then goes out as it is.
 */
export function useTypedKeys(escapeTimeoutMs = ESCAPE_TIMEOUT_MS) {
  const { internal_eventEmitter: events } = useStdin();
  useEffect(() => {
    const emit = events.emit;
    let open: KeyCut = NOTHING_OPEN;
    let timer: NodeJS.Timeout | undefined;
    let turn: NodeJS.Immediate | undefined;
    const stopWaiting = () => {
      clearTimeout(timer);
      clearImmediate(turn);
    };
    const send = (keys: readonly string[]) => {
      for (const key of keys) emit.call(events, "input", key);
    };
    const letHeldGo = () => {
      const { held } = open;
      open = { ...open, held: "" };
      if (held) send([held]);
    };
    events.emit = function emitTyped(
      this: typeof events,
      name: string | symbol,
      ...args: unknown[]
    ) {
      const [chunk] = args;
      if (name !== "input" || typeof chunk !== "string") return emit.call(this, name, ...args);
      stopWaiting();
      const typed = typedKeys(chunk, open);
      open = { pasting: typed.pasting, held: typed.held };
      send(typed.keys);
      if (typed.held) {
        timer = setTimeout(() => {
          turn = setImmediate(letHeldGo);
        }, escapeTimeoutMs);
      }
      return true;
    };
    return () => {
      stopWaiting();
      events.emit = emit;
    };
  }, [events, escapeTimeoutMs]);
}
