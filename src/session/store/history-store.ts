/** Where a session's history is persisted as it changes (the session file); the session calls it. */
import type { ResponseItem } from "../../protocol/index.js";
import type { PatchIntent } from "../../tools/index.js";
import type { Goal } from "../goals/index.js";
import type { CheckpointLine } from "./checkpoint-lines.js";
import type { RecordedSettings } from "./recorded-settings.js";

export interface HistoryStore {
  append(items: ResponseItem[]): void;
  /** History was replaced wholesale (compaction). */
  replace(items: ResponseItem[]): void;
  /** The session runs on another model or effort from now on (a resume comes back on it). */
  recordSettings?(settings: RecordedSettings): void;
  /** A workspace checkpoint or a rewind (the session file's `checkpoint` lines). */
  recordCheckpoint?(line: CheckpointLine): void;
  /** The history as it stood when checkpoint line `index` (0-based) was written. */
  historyAtCheckpoint?(index: number): ResponseItem[] | undefined;
  /** What a call's patch is about to write, durably before it writes (`patch_intent` lines). */
  recordPatchIntent?(callId: string, intent: PatchIntent): void;
  /** The session's goal as it now stands, or undefined once cleared (`goal` lines). */
  recordGoal?(goal: Goal | undefined): void;
  /** The session closed: release what the store holds (the session file's lock). */
  close?(): void;
}
