import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { messageText, type ResponseItem } from "../protocol/items.js";
import { isInitialContextItem } from "./environment.js";
import { COMPACTION_SUMMARY_PREFIX, USER_SHELL_TAG } from "./message-markers.js";
import { readSessionFile, SessionFileError } from "./session-file.js";
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
export function personMessages(history: readonly ResponseItem[]): string[] {
  return history.filter(isPersonMessage).map((item) => messageText(item) ?? "");
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
      const { meta, history, settings } = readSessionFile(path);
      if (cwd !== undefined && meta.cwd !== cwd) continue;
      const said = personMessages(history);
      if (said.length === 0) continue;
      out.push({
        id: meta.id,
        path,
        cwd: meta.cwd,
        model: settings.model,
        updatedMs: statSync(path).mtimeMs,
        firstMessage: titleOf(said[0]),
        turns: said.length,
      });
    } catch (error) {
      if (!(error instanceof SessionFileError)) throw error;
      // not a session file (or unreadable): not offered
    }
  }
  return out.sort((a, b) => b.updatedMs - a.updatedMs);
}
