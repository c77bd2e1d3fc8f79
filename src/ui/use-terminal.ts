import { useStdout } from "ink";
import { useCallback, useEffect, useRef, useState } from "react";

/** The terminal's width, following resizes. */
export function useTerminalWidth(): number {
  const { stdout } = useStdout();
  const [width, setWidth] = useState(stdout.columns || 80);
  useEffect(() => {
    const onResize = () => setWidth(stdout.columns || 80);
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return width;
}

/**
 * State mirrored in a ref: keys are routed by the ref at once, before the render that shows
 * the change (a key typed right after a prompt opens must reach the prompt).
 */
export function useRefState<T>(initial: T) {
  const ref = useRef(initial);
  const [value, setValue] = useState(initial);
  const set = useCallback((next: T) => {
    ref.current = next;
    setValue(next);
  }, []);
  return { ref, value, set };
}
