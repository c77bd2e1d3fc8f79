import type { Key } from "ink";
import { useRef, useState } from "react";
import type { TranscriptEntry } from "./transcript-entries.js";
import { entryLines } from "./transcript-text.js";

export interface PagerState {
  lines: string[];
  /** First line shown. */
  top: number;
  /** The query being typed after `/` (undefined: not typing one). */
  typing?: string;
  /** The last search and the line of its current match. */
  query?: string;
  match?: number;
}

/** Index of the first line at or after `from` containing `query` (case-insensitive), wrapping. */
export function findLine(
  lines: readonly string[],
  query: string,
  from: number,
): number | undefined {
  const needle = query.toLowerCase();
  for (let i = 0; i < lines.length; i++) {
    const at = (from + i) % lines.length;
    if (lines[at]?.toLowerCase().includes(needle)) return at;
  }
  return undefined;
}

/**
 * Ctrl+T: the whole transcript in a full-screen pager, over whatever runs (a turn, an
 * approval). Keys go to it first while it is open; Esc closes it.
 */
export function useTranscriptPager(entries: () => readonly TranscriptEntry[], rows: () => number) {
  const [state, setState] = useState<PagerState>();
  const ref = useRef<PagerState | undefined>(undefined);
  const set = (next: PagerState | undefined) => {
    ref.current = next;
    setState(next);
  };
  const page = () => Math.max(1, rows() - 3);
  const clamp = (s: PagerState, top: number) =>
    Math.max(0, Math.min(top, Math.max(0, s.lines.length - page())));

  const search = (s: PagerState, query: string, from: number): PagerState => {
    const match = query === "" ? undefined : findLine(s.lines, query, from);
    const { typing: _typing, ...rest } = s;
    if (match === undefined) return { ...rest, query };
    return { ...rest, query, match, top: clamp(s, match - Math.floor(page() / 2)) };
  };

  return {
    pager: state,
    handleKey(input: string, key: Key): boolean {
      const s = ref.current;
      if (!s) {
        if (!(key.ctrl && input === "t")) return false;
        const lines = entries().flatMap(entryLines);
        set({ lines, top: Math.max(0, lines.length - page()) });
        return true;
      }
      if (s.typing !== undefined) {
        if (key.escape) set({ ...s, typing: undefined });
        else if (key.return) set(search(s, s.typing, 0));
        else if (key.backspace || key.delete) set({ ...s, typing: s.typing.slice(0, -1) });
        else if (!key.ctrl && !key.meta && input) set({ ...s, typing: s.typing + input });
        return true;
      }
      if (key.escape || (key.ctrl && (input === "t" || input === "c")) || input === "q")
        set(undefined);
      // keys typed fast arrive as one chunk: "/zebra" starts the search with its text
      else if (input.startsWith("/")) set({ ...s, typing: input.slice(1) });
      else if (input === "n" && s.query) set(search(s, s.query, (s.match ?? -1) + 1));
      else if (key.upArrow) set({ ...s, top: clamp(s, s.top - 1) });
      else if (key.downArrow) set({ ...s, top: clamp(s, s.top + 1) });
      else if (key.pageUp) set({ ...s, top: clamp(s, s.top - page()) });
      else if (key.pageDown || input === " ") set({ ...s, top: clamp(s, s.top + page()) });
      return true;
    },
  };
}
