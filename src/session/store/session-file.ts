import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResponseItem } from "../../protocol/index.js";
import type { PatchIntent } from "../../tools/index.js";
import type { Goal } from "../goals/index.js";
import { goalLine } from "../goals/index.js";
import type { CheckpointLine } from "./checkpoint-lines.js";
import type { HistoryStore } from "./history-store.js";
import { patchIntentLine } from "./patch-intent-lines.js";
import { PRIVATE_DIR, PRIVATE_FILE_MODE } from "./private-files.js";
import { type RecordedSettings, settingsLine } from "./recorded-settings.js";
import { parseSessionFile } from "./session-file-read.js";
import { lockSession } from "./session-lock.js";
import {
  appendWhole,
  asStorageError,
  endsTorn,
  removeBegun,
  SessionStorageError,
} from "./session-storage.js";
import { sessionsDir } from "./sessions-dir.js";
import { type SessionWorktree, worktreeLine } from "./worktree-lines.js";

/** What a new session file records about its session. */
export interface NewSessionMeta {
  id: string;
  created: string;
  cwd: string;
  model: string;
  effort?: string;
  provider: string;
  approval_policy?: string;
  sandbox?: string;
  version?: string;
  prompt_cache_key?: string;
  forked_from?: string;
  /** The git worktree it starts in (a resume goes back there). */
  worktree?: SessionWorktree;
  /** A subagent's own file (as the Codex CLI records a spawned thread). */
  source?: { subagent: { thread_spawn: ChildThreadSource } };
}

/** Who spawned a subagent's thread: `session_meta.source.subagent.thread_spawn` in Codex's rollouts. */
interface ChildThreadSource {
  parent_thread_id: string;
  depth: number;
  agent_nickname: string;
  agent_role?: string;
}

export function sessionFilePath(home: string, id: string): string {
  return join(sessionsDir(home), `${id}.jsonl`);
}

/**
 * A write to a session file after close(): its lock is released and another holder may have
 * read it, so nothing more is written (the caller learns its item was not kept).
 */
export class SessionClosedError extends Error {
  constructor(readonly path: string) {
    super(`session file ${path} is closed: nothing more is written to it`);
    this.name = "SessionClosedError";
  }
}

/** The lock file of a session file: `<id>.jsonl.lock` next to it. */
export const lockPathOf = (sessionPath: string) => `${sessionPath}.lock`;

/** Appends history as it happens, one complete JSON line per item; implements the session's HistoryStore. */
export class SessionFile implements HistoryStore {
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly unlock: () => void,
  ) {}

  /** A new session: creates the file with its meta line (fails if it already exists), locked. */
  static create(home: string, meta: NewSessionMeta): SessionFile {
    const path = sessionFilePath(home, meta.id);
    const what = `create session ${meta.id}`;
    let unlock: () => void;
    try {
      mkdirSync(sessionsDir(home), PRIVATE_DIR);
      unlock = lockSession(lockPathOf(path), `session ${meta.id}`);
    } catch (error) {
      throw asStorageError(error, what, path);
    }
    try {
      writeFileSync(path, `${JSON.stringify({ type: "session_meta", ...meta })}\n`, {
        flag: "wx",
        mode: PRIVATE_FILE_MODE,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") removeBegun(path);
      unlock();
      throw asStorageError(error, what, path);
    }
    return new SessionFile(path, unlock);
  }

  /**
   * An existing session (resume), locked for this process (SessionLockedError when another
   * live process has it): later items are appended after what is there.
   */
  static reopen(path: string, what = path): SessionFile {
    let unlock: () => void;
    try {
      unlock = lockSession(lockPathOf(path), what);
    } catch (error) {
      throw asStorageError(error, `resume ${what}`, path);
    }
    try {
      // gone (or replaced by a folder) since it was read: appending would start a headerless file
      if (!statSync(path, { throwIfNoEntry: false })?.isFile()) {
        throw new SessionStorageError(`cannot resume ${what}: ${path} is no longer a session file`);
      }
      // a torn last line from a crash must not glue itself to the next record
      if (endsTorn(path)) appendWhole(path, "\n", `resume ${what}`);
    } catch (error) {
      unlock();
      throw error;
    }
    return new SessionFile(path, unlock);
  }

  /** Release the session's lock (the process's exit releases it too). */
  close(): void {
    this.closed = true;
    this.unlock();
  }

  append(items: ResponseItem[]): void {
    this.refuseIfClosed();
    if (items.length === 0) return;
    const lines = items.map((item) => `${JSON.stringify({ type: "item", item })}\n`).join("");
    appendWhole(this.path, lines, "save the conversation");
  }

  replace(items: ResponseItem[]): void {
    this.refuseIfClosed();
    const line = `${JSON.stringify({ type: "history_replaced", items })}\n`;
    appendWhole(this.path, line, "save the conversation");
  }

  /** The session runs on another model or effort from now on (a resume comes back on it). */
  recordSettings(settings: RecordedSettings): void {
    this.refuseIfClosed();
    appendWhole(this.path, `${settingsLine(settings)}\n`, "save the session's settings");
  }

  /** The session works in `cwd` of another worktree from now on (a resume goes back there). */
  recordWorktree(cwd: string, worktree: SessionWorktree): void {
    this.refuseIfClosed();
    appendWhole(this.path, `${worktreeLine(cwd, worktree)}\n`, "save the session's worktree");
  }

  /** The history when checkpoint line `index` was written (a rewind to before a compaction). */
  historyAtCheckpoint(index: number): ResponseItem[] | undefined {
    try {
      const saved = parseSessionFile(readFileSync(this.path, "utf8"), this.path, index);
      return saved.checkpoints.length === index ? saved.history : undefined;
    } catch {
      return undefined;
    }
  }

  /** A workspace checkpoint or a rewind (a resume can rewind to it too). */
  recordCheckpoint(line: CheckpointLine): void {
    this.refuseIfClosed();
    appendWhole(this.path, `${JSON.stringify(line)}\n`, "save a checkpoint");
  }

  /** What a call's patch is about to write: fsync'd, before the patch writes anything. */
  recordPatchIntent(callId: string, intent: PatchIntent): void {
    this.refuseIfClosed();
    const line = `${JSON.stringify(patchIntentLine(callId, intent))}\n`;
    appendWhole(this.path, line, "save a patch's intent", { sync: true });
  }

  /** The session's goal as it now stands, or cleared (a resume comes back with it). */
  recordGoal(goal: Goal | undefined): void {
    this.refuseIfClosed();
    appendWhole(this.path, `${JSON.stringify(goalLine(goal))}\n`, "save the session's goal");
  }

  private refuseIfClosed(): void {
    if (this.closed) throw new SessionClosedError(this.path);
  }
}
