import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { messageText, type ResponseItem } from "../protocol/items.js";
import { isInitialContextItem } from "./environment.js";
import { readSessionFile, SessionFileError } from "./session-file.js";
import { sessionsDir } from "./sessions-dir.js";

/** One saved session as the resume picker lists it. */
export interface SessionSummary {
  id: string;
  path: string;
  cwd: string;
  model: string;
  /** When the file was last written (ms since the epoch). */
  updatedMs: number;
  /** The first thing the person typed (one line), or "" before any message. */
  firstMessage: string;
  /** Messages the person sent. */
  turns: number;
}

/** The person's own messages in a history: user messages that are not the initial context. */
export function personMessages(history: readonly ResponseItem[]): string[] {
  return history
    .filter(
      (item) => item.type === "message" && item.role === "user" && !isInitialContextItem(item),
    )
    .map((item) => messageText(item) ?? "");
}

/** Saved sessions, newest first; with `cwd`, only those started in that directory. */
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
      const { meta, history } = readSessionFile(path);
      if (cwd !== undefined && meta.cwd !== cwd) continue;
      const said = personMessages(history);
      out.push({
        id: meta.id,
        path,
        cwd: meta.cwd,
        model: meta.model,
        updatedMs: statSync(path).mtimeMs,
        firstMessage: (said[0] ?? "").split("\n")[0] ?? "",
        turns: said.length,
      });
    } catch (error) {
      if (!(error instanceof SessionFileError)) throw error;
      // not a session file (or unreadable): not offered
    }
  }
  return out.sort((a, b) => b.updatedMs - a.updatedMs);
}
