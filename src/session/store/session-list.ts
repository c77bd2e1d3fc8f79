import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { goalTitleOf, messageText, type ResponseItem } from "../../protocol/index.js";
import {
  COMPACTION_SUMMARY_PREFIX,
  isInitialContextItem,
  USER_SHELL_TAG,
} from "../context/index.js";
import { sessionFilePath } from "./session-file.js";
import { readSessionFile, SessionFileError, spawnedBy } from "./session-file-read.js";
import { sessionsDir } from "./sessions-dir.js";

/** One saved session as the resume picker lists it. */
export interface SessionSummary {
  id: string;
  path: string;
  cwd: string;
  /** The model it ran on last (after /model, its last `settings` line). */
  model: string;
  /** When the file was last written (ms since the epoch). */
  updatedMs: number;
  /** The first thing the person typed (its first line that has text), or "" before any message. */
  firstMessage: string;
  /** Messages the person sent. */
  turns: number;
  /** A subagent's own thread: the session that spawned it, and its name there. */
  spawnedBy?: { id: string; name?: string };
}

/**
 * Whether a history item is a message the person typed: a user message that is not the initial
 * context (environment, AGENTS.md), a `!command` record or a compaction summary.
 */
export function isPersonMessage(item: ResponseItem): boolean {
  if (item.type !== "message" || item.role !== "user" || isInitialContextItem(item)) return false;
  const text = (messageText(item) ?? "").trimStart();
  return !text.startsWith(USER_SHELL_TAG) && !text.startsWith(COMPACTION_SUMMARY_PREFIX);
}

/** The person's own messages in a history. */
function personMessages(history: readonly ResponseItem[]): string[] {
  return history.filter(isPersonMessage).map((item) => {
    const text = messageText(item) ?? "";
    return goalTitleOf(text) ?? text;
  });
}

/** A message's first line with text in it (a title). */
function titleOf(text: string | undefined): string {
  return (
    (text ?? "")
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? ""
  );
}

/** The first message the person typed in saved session `id` (its title), if it can be read. */
export function firstMessageOf(home: string, id: string): string | undefined {
  try {
    const { history } = readSessionFile(sessionFilePath(home, id));
    return titleOf(personMessages(history)[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Saved sessions the person said something in, newest first (one never written to is not
 * offered); with `cwd`, only those started in that directory.
 */
export function listSessions(home: string, cwd?: string): SessionSummary[] {
  const dir = sessionsDir(home);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".jsonl") && !n.endsWith(".ledger.jsonl"));
  } catch {
    return [];
  }
  const out: SessionSummary[] = [];
  for (const name of names) {
    const path = join(dir, name);
    try {
      const { meta, history, settings, moved } = readSessionFile(path);
      // where it works now: a `resume --worktree` moved it
      const at = moved?.cwd ?? meta.cwd;
      if (cwd !== undefined && at !== cwd) continue;
      const said = personMessages(history);
      if (said.length === 0) continue;
      const parent = spawnedBy(meta);
      out.push({
        id: meta.id,
        path,
        cwd: at,
        model: settings.model,
        updatedMs: statSync(path).mtimeMs,
        // a subagent's copy of its parent's conversation starts with the parent's messages:
        // what it was asked last names it
        firstMessage: titleOf(parent ? said.at(-1) : said[0]),
        turns: said.length,
        ...(parent ? { spawnedBy: parent } : {}),
      });
    } catch (error) {
      if (!(error instanceof SessionFileError)) throw error;
      // not a session file (or unreadable): not offered
    }
  }
  return underParents(out.sort((a, b) => b.updatedMs - a.updatedMs));
}

/** Each subagent's thread right after the session that spawned it, when that is listed (pure). */
function underParents(sessions: readonly SessionSummary[]): SessionSummary[] {
  const listed = new Set(sessions.map((session) => session.id));
  const children = new Map<string, SessionSummary[]>();
  for (const session of sessions) {
    const parent = session.spawnedBy?.id;
    if (parent === undefined || !listed.has(parent) || parent === session.id) continue;
    children.set(parent, [...(children.get(parent) ?? []), session]);
  }
  const out: SessionSummary[] = [];
  const place = (session: SessionSummary) => {
    out.push(session);
    for (const child of children.get(session.id) ?? []) place(child);
  };
  for (const session of sessions) {
    const parent = session.spawnedBy?.id;
    if (parent === undefined || !listed.has(parent) || parent === session.id) place(session);
  }
  return out;
}
