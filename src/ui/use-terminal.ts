import { useStdout } from "ink";
import { useEffect, useRef, useState } from "react";

/** Erase the screen and the scrollback, cursor home. */
const CLEAR_TERMINAL = "\u001b[2J\u001b[3J\u001b[H";
/** A drag-resize sends a burst of events: print the transcript again once it settles. */
const REFLOW_SETTLE_MS = 120;

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
 * After a width change (once a drag-resize settles) the screen is cleared and `reprint`'s
 * text written at the new width: the terminal re-wraps what is on screen on its own, so
 * Ink's erase of the live region would miss lines and leave stale copies behind.
 */
export function useTranscriptReflow(reprint: (columns: number) => string): void {
  const { stdout, write } = useStdout();
  const reprintRef = useRef(reprint);
  reprintRef.current = reprint;
  useEffect(() => {
    let width = stdout.columns || 80;
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      const now = stdout.columns || 80;
      if (now === width) return;
      width = now;
      write(CLEAR_TERMINAL + reprintRef.current(now));
    };
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, REFLOW_SETTLE_MS);
    };
    stdout.on("resize", onResize);
    return () => {
      clearTimeout(timer);
      stdout.off("resize", onResize);
    };
  }, [stdout, write]);
}

/**
 * When an overlay closes (a picker, an approval, the pager, the resume list) the live region
 * shrinks; on a full screen Ink's erase leaves the rows it gave up blank under the status bar.
 * Print the transcript again (as after a resize) so the screen fills down to the status bar.
 */
export function useReclaimRows(open: boolean, reprint: (columns: number) => string): void {
  const { stdout, write } = useStdout();
  const wasOpen = useRef(open);
  const reprintRef = useRef(reprint);
  reprintRef.current = reprint;
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    // after Ink's render of the closed state, never inside it (as the resize reflow does)
    const timer = setTimeout(() =>
      write(CLEAR_TERMINAL + reprintRef.current(stdout.columns || 80)),
    );
    return () => clearTimeout(timer);
  }, [open, stdout, write]);
}
