import type { Key } from "ink";
import type { SessionSummary } from "../session/session-list.js";
import type { ResumeList } from "./controller/tui-state.js";
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

export type ResumeListResult =
  | { query: string }
  | { index: number }
  | { pick: string }
  | { cancel: true }
  | undefined;

/**
 * A key on the resume list: ↑↓ move, Enter resumes, Esc cancels (clears the filter first),
 * Backspace edits the filter, any other printable text is typed into it.
 */
export function resumeListKey(list: ResumeList, input: string, key: Key): ResumeListResult {
  if (key.escape && list.query !== "") return { query: "" };
  if (key.backspace || key.delete) return { query: list.query.slice(0, -1) };
  const ids = filteredSessions(list).map((s) => s.id);
  const moving = key.escape || key.upArrow || key.downArrow || key.return || key.ctrl;
  if (moving)
    return ids.length > 0 || !key.return ? pickerKey(input, key, list.index, ids) : undefined;
  const typed = input.replace(/[\u0000-\u001f\u007f]/g, "");
  return typed && !key.meta ? { query: list.query + typed } : undefined;
}
