import { readFileSync } from "node:fs";
import { z } from "zod";
import type { ResponseItem } from "../../protocol/index.js";
import { errorMessage, lazy } from "../../protocol/index.js";
import type { Goal } from "../goals/index.js";
import { goalLineOf } from "../goals/index.js";
import { type CheckpointLine, checkpointLineOf } from "./checkpoint-lines.js";
import { type PatchIntentLine, patchIntentLineOf } from "./patch-intent-lines.js";
import { type RecordedSettings, recordedSettingsOf } from "./recorded-settings.js";
import { sessionWorktreeSchema, type WorktreeLine, worktreeLineOf } from "./worktree-lines.js";

// Reading a session file (session-file.ts writes it): its header, its history and what else its
// lines record. A resume reads it once whole (readSessionFile) and, before that, only its
// header and last settings line (readSessionSettings).

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
    /** The git worktree it started in (a resume goes back there). */
    worktree: sessionWorktreeSchema().optional().catch(undefined),
    /** A subagent's own file: who spawned it, in the Codex CLI's rollout shape. */
    source: z
      .looseObject({
        subagent: z.looseObject({
          thread_spawn: z.looseObject({
            parent_thread_id: z.string(),
            depth: z.number(),
            agent_nickname: z.string().optional(),
            agent_role: z.string().optional(),
          }),
        }),
      })
      .optional()
      .catch(undefined),
  }),
);

/** The session that spawned this one (a subagent's own file), if it is a child. */
export function spawnedBy(meta: SessionMeta): { id: string; name?: string } | undefined {
  const spawn = meta.source?.subagent.thread_spawn;
  if (!spawn) return undefined;
  return {
    id: spawn.parent_thread_id,
    ...(spawn.agent_nickname ? { name: spawn.agent_nickname } : {}),
  };
}
export type SessionMeta = z.infer<ReturnType<typeof sessionMetaSchema>>;

export interface SavedSession {
  meta: SessionMeta;
  history: ResponseItem[];
  /** The model and effort it ran on last: the header's, or the last `settings` line's. */
  settings: RecordedSettings;
  /** The workspace checkpoints and rewinds, in the order written (code rewind on resume). */
  checkpoints: CheckpointLine[];
  /** The patch intents recorded, by call_id (a call without output is reported on from it). */
  patchIntents: Map<string, PatchIntentLine>;
  /** The last move to another worktree (`resume --worktree`), if any. */
  moved?: WorktreeLine;
  /** The goal as its last `goal` line left it (none, or cleared: absent). */
  goal?: Goal;
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

/**
 * Parse a session file: meta, then items (a replace line resets them); unreadable lines are
 * skipped. `untilCheckpoint`: stop at that checkpoint line (0-based), the history as it stood.
 */
export function parseSessionFile(
  text: string,
  path = "session file",
  untilCheckpoint?: number,
): SavedSession {
  const lines = text.split("\n");
  const tornTail = lines.length > 0 && lines[lines.length - 1] !== "";
  let meta: SessionMeta | undefined;
  let history: ResponseItem[] = [];
  let settings: RecordedSettings | undefined;
  const checkpoints: CheckpointLine[] = [];
  const patchIntents = new Map<string, PatchIntentLine>();
  let moved: WorktreeLine | undefined;
  let goal: Goal | undefined;
  const unreadableLines: number[] = [];
  // an indexed loop: an entries() iterator allocated a pair per line before it was optimized
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line.trim() === "") continue;
    const value = parseJsonLine(line);
    if (value === undefined) {
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
    // nearly every line is an item: one check reads it (each check below would say "not mine")
    const item = itemOfLine(value);
    if (item) {
      history.push(item);
      continue;
    }
    const changed = recordedSettingsOf(value);
    if (changed) {
      settings = changed;
      continue;
    }
    const checkpoint = checkpointLineOf(value);
    if (checkpoint) {
      if (checkpoints.length === untilCheckpoint) break;
      checkpoints.push(checkpoint);
      continue;
    }
    const intent = patchIntentLineOf(value);
    if (intent) {
      patchIntents.set(intent.call_id, intent);
      continue;
    }
    const move = worktreeLineOf(value);
    if (move) {
      moved = move;
      continue;
    }
    const goalLine = goalLineOf(value);
    if (goalLine) {
      goal = goalLine.goal;
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
    ...(moved ? { moved } : {}),
    ...(goal ? { goal } : {}),
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
  moved?: WorktreeLine;
} {
  const bytes = readBytes(path);
  const headerEnd = bytes.indexOf(NEWLINE);
  const header = bytes.toString("utf8", 0, headerEnd < 0 ? bytes.length : headerEnd);
  const meta = sessionMetaSchema().safeParse(parseJsonLine(header));
  if (!meta.success) throw new SessionFileError(`${path} does not start with a session header`);
  const settings = lastLine(bytes, SETTINGS_LINE_START, recordedSettingsOf);
  const moved = lastLine(bytes, WORKTREE_LINE_START, worktreeLineOf);
  return {
    meta: meta.data,
    settings: settings ?? headerSettings(meta.data),
    ...(moved ? { moved } : {}),
  };
}

/**
 * The last line that begins with `start` (after a newline) and reads as `read` says; a line
 * that begins so but is not one is skipped, as the full read skips it.
 */
function lastLine<T>(bytes: Buffer, start: Buffer, read: (value: unknown) => T | undefined) {
  for (let at = bytes.lastIndexOf(start); at >= 0; ) {
    const from = at + 1;
    const end = bytes.indexOf(NEWLINE, from);
    const found = read(parseJsonLine(bytes.toString("utf8", from, end < 0 ? bytes.length : end)));
    if (found) return found;
    at = at === 0 ? -1 : bytes.lastIndexOf(start, at - 1);
  }
  return undefined;
}

const NEWLINE = 0x0a;
/** How settingsLine() begins a line, after the newline that ends the one before. */
const SETTINGS_LINE_START = Buffer.from('\n{"type":"settings"');
/** How worktreeLine() begins a line. */
const WORKTREE_LINE_START = Buffer.from('\n{"type":"worktree"');

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

/** An item as a line holds it: an object with a string `type` (checked by hand: 10 000+ lines). */
function isItem(value: unknown): value is ResponseItem {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === "string"
  );
}

/** The item of an `item` line, or undefined for any other line (the common case, checked first). */
function itemOfLine(value: unknown): ResponseItem | undefined {
  const line = value as { type?: unknown; item?: unknown } | null;
  return line?.type === "item" && isItem(line.item) ? line.item : undefined;
}

/** The items of an `item` or `history_replaced` line, or undefined for any other line. */
function lineItems(value: unknown): { replace: boolean; items: ResponseItem[] } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const item = itemOfLine(value);
  if (item) return { replace: false, items: [item] };
  const line = value as { type?: unknown; items?: unknown };
  if (line.type === "history_replaced" && Array.isArray(line.items) && line.items.every(isItem))
    return { replace: true, items: line.items };
  return undefined;
}
