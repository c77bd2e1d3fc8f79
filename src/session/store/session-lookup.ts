import { closeSync, openSync, readSync, statSync } from "node:fs";
import { sessionFilePath } from "./session-file.js";
import {
  parseJsonLine,
  SessionFileError,
  type SessionMeta,
  sessionMetaSchema,
  spawnedBy,
} from "./session-file-read.js";
import { isValidSessionId } from "./session-id.js";
import { newestFile, sessionsDir } from "./sessions-dir.js";

/** The saved session with this id; a clear error when there is none. */
export function findSessionById(home: string, id: string): string {
  if (!isValidSessionId(id)) throw new SessionFileError(`not a session id: ${id}`);
  const path = sessionFilePath(home, id);
  try {
    statSync(path);
  } catch {
    throw new SessionFileError(`no saved session ${id} in ${sessionsDir(home)}`);
  }
  return path;
}

/** The session header of a file (its first line), or undefined when it has none. */
function readMeta(path: string): SessionMeta | undefined {
  let text: string;
  try {
    const fd = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(64 * 1024);
      text = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString("utf8");
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const parsed = sessionMetaSchema().safeParse(parseJsonLine(text.split("\n")[0] ?? ""));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The most recently written session file (not ledgers); with `cwd`, only sessions started in
 * that directory (`exec resume --last`, like Codex).
 */
export function findLatestSession(home: string, cwd?: string): string {
  const dir = sessionsDir(home);
  const path = newestFile(
    dir,
    (name) => name.endsWith(".jsonl") && !name.endsWith(".ledger.jsonl"),
    // a subagent's own thread is not what "the last session" means (as in the Codex CLI)
    (path) => {
      const meta = readMeta(path);
      if (meta && spawnedBy(meta)) return false;
      return cwd === undefined || meta?.cwd === cwd;
    },
  );
  if (path === undefined) {
    throw new SessionFileError(
      cwd === undefined ? `no saved sessions in ${dir}` : `no saved session for ${cwd} in ${dir}`,
    );
  }
  return path;
}
