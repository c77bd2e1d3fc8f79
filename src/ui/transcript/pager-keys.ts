import type { Key } from "ink";
import { printable } from "../../text/index.js";
import type { PagerState } from "../controller/index.js";
import type { TranscriptEntry } from "../model/index.js";
import { displayWidth, wrapRuns } from "./text-wrap.js";
import { entryLines } from "./transcript-text.js";

/** The transcript as the pager's rows: every entry's lines, long lines wrapped to `width`. */
function pagerLines(entries: readonly TranscriptEntry[], width: number): string[] {
  return entries.flatMap(entryLines).flatMap((line) => {
    const text = printable(line);
    if (displayWidth(text) <= width) return [text];
    return wrapRuns([{ text }], width).map((row) => row.map((run) => run.text).join(""));
  });
}

/** Index of the first line at or after `from` containing `query` (case-insensitive), wrapping. */
function findLine(lines: readonly string[], query: string, from: number): number | undefined {
  const needle = query.toLowerCase();
  for (let i = 0; i < lines.length; i++) {
    const at = (from + i) % lines.length;
    if (lines[at]?.toLowerCase().includes(needle)) return at;
  }
  return undefined;
}

/** What the pager sees of the screen and the transcript. */
interface PagerContext {
  entries: readonly TranscriptEntry[];
  rows: number;
  columns: number;
}

/**
 * Ctrl+T: the whole transcript in a full-screen pager, over whatever runs (a turn, an
 * approval). Keys go to it first while it is open; Esc closes it. Returns the pager's next
 * state, or "none" when the key was not the pager's.
 */
export function pagerKey(
  s: PagerState | undefined,
  input: string,
  key: Key,
  context: PagerContext,
): { pager: PagerState | undefined } | "none" {
  const page = Math.max(1, context.rows - 3);
  const clamp = (p: PagerState, top: number) =>
    Math.max(0, Math.min(top, Math.max(0, p.lines.length - page)));
  const search = (p: PagerState, query: string, from: number): PagerState => {
    const match = query === "" ? undefined : findLine(p.lines, query, from);
    const { typing: _typing, ...rest } = p;
    if (match === undefined) return { ...rest, query };
    return { ...rest, query, match, top: clamp(p, match - Math.floor(page / 2)) };
  };
  if (!s) {
    if (!(key.ctrl && input === "t")) return "none";
    const lines = pagerLines(context.entries, Math.max(10, context.columns));
    return { pager: { lines, top: Math.max(0, lines.length - page) } };
  }
  if (s.typing !== undefined) {
    if (key.escape) return { pager: { ...s, typing: undefined } };
    if (key.return) return { pager: search(s, s.typing, 0) };
    if (key.backspace || key.delete) return { pager: { ...s, typing: s.typing.slice(0, -1) } };
    if (!key.ctrl && !key.meta && input) return { pager: { ...s, typing: s.typing + input } };
    return { pager: s };
  }
  if (key.escape || (key.ctrl && (input === "t" || input === "c")) || input === "q")
    return { pager: undefined };
  // keys typed fast arrive as one chunk: "/zebra" starts the search with its text
  if (input.startsWith("/")) return { pager: { ...s, typing: input.slice(1) } };
  if (input === "n" && s.query) return { pager: search(s, s.query, (s.match ?? -1) + 1) };
  if (key.upArrow) return { pager: { ...s, top: clamp(s, s.top - 1) } };
  if (key.downArrow) return { pager: { ...s, top: clamp(s, s.top + 1) } };
  if (key.home || input === "g") return { pager: { ...s, top: 0 } };
  if (key.end || input === "G") return { pager: { ...s, top: clamp(s, s.lines.length) } };
  if (key.pageUp) return { pager: { ...s, top: clamp(s, s.top - page) } };
  if (key.pageDown || input === " ") return { pager: { ...s, top: clamp(s, s.top + page) } };
  return { pager: s };
}
