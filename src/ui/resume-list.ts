import type { Key } from "ink";
import type { SessionSummary } from "../session/index.js";
import type { ResumeList } from "./controller/index.js";
import { pickerKey } from "./picker.js";

/** The sessions a filter keeps: every word typed appears in the title, model, directory or id. */
export function filteredSessions(list: ResumeList): SessionSummary[] {
  const words = list.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return list.sessions;
  return list.sessions.filter((session) => {
    const text = `${session.firstMessage} ${session.model} ${session.cwd} ${session.id}`;
    const lower = text.toLowerCase();
    return words.every((word) => lower.includes(word));
  });
}

/** "just now", "3 min ago", "2 h ago", "yesterday", "5 days ago", then the date. */
export function relativeTime(ms: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 30) return `${days} days ago`;
  return new Date(ms).toISOString().slice(0, 10);
}

type ResumeListResult =
  | { query: string }
  | { index: number }
  | { pick: string }
  | { cancel: true }
  | undefined;

/**
 * The filter after typed text: printable characters are added, each Backspace/Delete removes
 * one (keys that arrive together come as one chunk). Undefined: the text changes nothing.
 */
function editedQuery(query: string, input: string, key: Key): string | undefined {
  if ((key.backspace || key.delete) && input.length <= 1) return query.slice(0, -1);
  if (key.meta || key.ctrl) return undefined;
  let next = query;
  let edited = false;
  for (const ch of input) {
    if (ch === "\u007f" || ch === "\b") next = next.slice(0, -1);
    else if (/[\u0000-\u001f]/.test(ch)) continue;
    else next += ch;
    edited = true;
  }
  return edited ? next : undefined;
}

/**
 * A key on the resume list: ↑↓ move, Enter resumes, Esc cancels (clears the filter first),
 * Backspace edits the filter, any other printable text is typed into it.
 */
export function resumeListKey(list: ResumeList, input: string, key: Key): ResumeListResult {
  if (key.escape && list.query !== "") return { query: "" };
  const ids = filteredSessions(list).map((s) => s.id);
  if (key.return && ids.length === 0) return undefined;
  if (key.escape || key.upArrow || key.downArrow || key.return || (key.ctrl && input === "c")) {
    return pickerKey(input, key, list.index, ids);
  }
  const query = editedQuery(list.query, input, key);
  return query === undefined ? undefined : { query };
}
