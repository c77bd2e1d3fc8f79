import type { Key } from "ink";
import type { ComposerBuffer } from "../model/index.js";

/** Ctrl+R: a reverse search through the messages sent, as in a shell. */
export interface HistorySearch {
  query: string;
  /** Index of the message shown (undefined: nothing matches the query). */
  match?: number;
  /** What was being typed when the search began (Esc puts it back). */
  draft: ComposerBuffer;
}

/** The latest message before `before` that contains `query` (case-insensitive). */
function findEarlier(
  entries: readonly string[],
  query: string,
  before: number,
): number | undefined {
  const needle = query.toLowerCase();
  for (let i = Math.min(before, entries.length) - 1; i >= 0; i--) {
    if (entries[i]?.toLowerCase().includes(needle)) return i;
  }
  return undefined;
}

const isSearchKey = (input: string, key: Key) => (key.ctrl && input === "r") || input === "\u0012";

/**
 * A key while searching: the next search state, or `accept` (the match goes into the
 * composer for editing; `then`: a key to handle after, e.g. an arrow) or `cancel` (the draft
 * comes back).
 */
export function searchKey(
  s: HistorySearch,
  entries: readonly string[],
  input: string,
  key: Key,
): { search: HistorySearch } | { accept: true; passOn: boolean } | { cancel: true } {
  if (isSearchKey(input, key)) {
    const from = s.match ?? entries.length;
    return { search: { ...s, match: findEarlier(entries, s.query, from) ?? s.match } };
  }
  if (key.escape || (key.ctrl && (input === "c" || input === "g"))) return { cancel: true };
  if (key.return) return { accept: true, passOn: false };
  if (key.backspace || key.delete) return { search: retyped(s, entries, s.query.slice(0, -1)) };
  const typed = input.replace(/[\u0000-\u001f\u007f]/g, "");
  if (typed && !key.ctrl && !key.meta && !/[\r\n]/.test(input)) {
    return { search: retyped(s, entries, s.query + typed) };
  }
  return { accept: true, passOn: true };
}

function retyped(s: HistorySearch, entries: readonly string[], query: string): HistorySearch {
  const match = query === "" ? undefined : findEarlier(entries, query, entries.length);
  return { ...s, query, ...{ match } };
}

/** The line the composer shows while searching. */
export function searchLabel(s: HistorySearch): string {
  const state = s.query !== "" && s.match === undefined ? "failing " : "";
  return `(${state}reverse-i-search) ${s.query}▏ · Ctrl+R older · Enter edit · Esc cancel`;
}
