import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { errorMessage } from "../protocol/error-message.js";
import type { ResponseItem } from "../protocol/items.js";
import { lazy } from "../protocol/lazy.js";
import type { PatchIntent } from "../tools/types.js";
import type { HistoryStore } from "./api.js";
import { type CheckpointLine, checkpointLineOf } from "./checkpoint-lines.js";
import { type PatchIntentLine, patchIntentLine, patchIntentLineOf } from "./patch-intent-lines.js";
import { PRIVATE_DIR, PRIVATE_FILE_MODE } from "./private-files.js";
import { type RecordedSettings, recordedSettingsOf, settingsLine } from "./recorded-settings.js";
import { lineItems } from "./session-lines.js";
import { lockSession } from "./session-lock.js";
import { appendWhole, asStorageError, endsTorn, removeBegun } from "./session-storage.js";
import { sessionsDir } from "./sessions-dir.js";

/** First line of a session file: what is needed to resume. Never the API key. */
export const sessionMetaSchema = lazy(() =>
  z.looseObject({
    type: z.literal("session_meta"),
    id: z.string(),
    created: z.string(),
    cwd: z.string(),
    model: z.string(),
    effort: z.string().optional(),
    provider: z.string(),
    /** The approval policy and sandbox it ran under (absent in files written before them). */
    approval_policy: z.string().optional(),
    sandbox: z.string().optional(),
    version: z.string().optional(),
    /** A fork keeps its parent's cache key, so the shared prefix hits the same cache. */
    prompt_cache_key: z.string().optional(),
    forked_from: z.string().optional(),
  }),
);
export type SessionMeta = z.infer<ReturnType<typeof sessionMetaSchema>>;

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
}

export interface SavedSession {
  meta: SessionMeta;
  history: ResponseItem[];
  /** The model and effort it ran on last: the header's, or the last `settings` line's. */
  settings: RecordedSettings;
  /** The workspace checkpoints and rewinds, in the order written (code rewind on resume). */
  checkpoints: CheckpointLine[];
  /** The patch intents recorded, by call_id (a call without output is reported on from it). */
  patchIntents: Map<string, PatchIntentLine>;
  /** A torn (incomplete) last line was skipped. */
  tornTail: boolean;
  /** 1-based numbers of the lines that could not be read (skipped), the torn tail included. */
  unreadableLines: number[];
}

export class SessionFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SessionFileError";
  }
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

  private refuseIfClosed(): void {
    if (this.closed) throw new SessionClosedError(this.path);
  }
}

/** Parse a session file: meta, then items (a replace line resets them); unreadable lines are skipped. */
export function parseSessionFile(text: string, path = "session file"): SavedSession {
  const lines = text.split("\n");
  const tornTail = lines.length > 0 && lines[lines.length - 1] !== "";
  let meta: SessionMeta | undefined;
  let history: ResponseItem[] = [];
  let settings: RecordedSettings | undefined;
  const checkpoints: CheckpointLine[] = [];
  const patchIntents = new Map<string, PatchIntentLine>();
  const unreadableLines: number[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      unreadableLines.push(index + 1);
      continue;
    }
    if (!meta) {
      const parsed = sessionMetaSchema().safeParse(value);
      if (!parsed.success)
        throw new SessionFileError(`${path} does not start with a session header`);
      meta = parsed.data;
      continue;
    }
    const changed = recordedSettingsOf(value);
    if (changed) {
      settings = changed;
      continue;
    }
    const checkpoint = checkpointLineOf(value);
    if (checkpoint) {
      checkpoints.push(checkpoint);
      continue;
    }
    const intent = patchIntentLineOf(value);
    if (intent) {
      patchIntents.set(intent.call_id, intent);
      continue;
    }
    const read = lineItems(value);
    if (!read) unreadableLines.push(index + 1);
    else if (read.replace) history = read.items;
    else history.push(...read.items);
  }
  if (!meta) throw new SessionFileError(`${path} is empty`);
  const recorded = settings ?? headerSettings(meta);
  return {
    meta,
    history,
    settings: recorded,
    checkpoints,
    patchIntents,
    tornTail,
    unreadableLines,
  };
}

/** The model and effort a session file's header records. */
function headerSettings(meta: SessionMeta): RecordedSettings {
  return { model: meta.model, ...(meta.effort ? { effort: meta.effort } : {}) };
}

/**
 * A session file's header and the settings it ran on last, without reading its history (what
 * a resume needs before it starts: the provider, the directory, the model): the bytes are
 * searched for the last `settings` line; only it and the header are decoded and parsed.
 */
export function readSessionSettings(path: string): {
  meta: SessionMeta;
  settings: RecordedSettings;
} {
  const bytes = readBytes(path);
  const headerEnd = bytes.indexOf(NEWLINE);
  const header = bytes.toString("utf8", 0, headerEnd < 0 ? bytes.length : headerEnd);
  const meta = sessionMetaSchema().safeParse(parseJsonLine(header));
  if (!meta.success) throw new SessionFileError(`${path} does not start with a session header`);
  // a line that starts as a settings line but is not one is skipped, as the full read skips it
  for (let at = bytes.lastIndexOf(SETTINGS_LINE_START); at >= 0; ) {
    const start = at + 1;
    const end = bytes.indexOf(NEWLINE, start);
    const line = bytes.toString("utf8", start, end < 0 ? bytes.length : end);
    const settings = recordedSettingsOf(parseJsonLine(line));
    if (settings) return { meta: meta.data, settings };
    at = at === 0 ? -1 : bytes.lastIndexOf(SETTINGS_LINE_START, at - 1);
  }
  return { meta: meta.data, settings: headerSettings(meta.data) };
}

const NEWLINE = 0x0a;
/** How settingsLine() begins a line, after the newline that ends the one before. */
const SETTINGS_LINE_START = Buffer.from('\n{"type":"settings"');

export function parseJsonLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

export function readSessionFile(path: string): SavedSession {
  return parseSessionFile(readText(path), path);
}

function readText(path: string): string {
  return readBytes(path).toString("utf8");
}

function readBytes(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    throw new SessionFileError(`cannot read ${path}: ${errorMessage(error)}`);
  }
}
