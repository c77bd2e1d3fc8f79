/**
 * Streaming agent text, kept linear in its length: complete lines leave the live tail at once
 * (they go to the transcript), so each character is split and rendered a bounded number of
 * times however long the answer grows.
 */
export interface StreamCut {
  /** Complete lines to move to the transcript. */
  lines: string[];
  /** What stays live: the current incomplete line (bounded by `cap`). */
  tail: string;
}

/** Append `delta` to `tail`; lines longer than `cap` are broken at a space (or hard at `cap`). */
export function appendStreamText(tail: string, delta: string, cap: number): StreamCut {
  const text = tail + delta;
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf("\n", start);
    const lineEnd = newline === -1 ? text.length : newline;
    if (lineEnd - start > cap) {
      // An overlong line: break it at the last space before the cap so it wraps naturally.
      const space = text.lastIndexOf(" ", start + cap);
      const cut = space > start + cap / 2 ? space + 1 : start + cap;
      lines.push(text.slice(start, cut));
      start = cut;
      continue;
    }
    if (newline === -1) break;
    lines.push(text.slice(start, newline));
    start = newline + 1;
  }
  return { lines, tail: start === 0 ? text : text.slice(start) };
}

/** Whether a code fence is open after these lines, given it was `open` before them. */
export function fenceStateAfter(lines: readonly string[], open: boolean): boolean {
  let state = open;
  for (const line of lines) if (line.trimStart().startsWith("```")) state = !state;
  return state;
}
