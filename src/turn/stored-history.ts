import type { ResponseItem } from "../protocol/index.js";
import type { CheckpointLine, Goal, HistoryStore, RecordedSettings } from "../session/index.js";
import { ConversationHistory } from "../session/index.js";
import type { PatchIntent } from "../tools/index.js";

/**
 * The conversation in memory and in the session file. Appends go to the store first: what
 * it refuses (closed) is not kept in memory either. Edits rewrite the whole file.
 */
export class StoredHistory {
  readonly log: ConversationHistory;

  constructor(
    private readonly store: HistoryStore | undefined,
    restored: ResponseItem[] | undefined,
    initialContext: ResponseItem[] | undefined,
  ) {
    const initial = restored ?? initialContext ?? [];
    if (!restored && initial.length > 0) store?.append([...initial]);
    this.log = new ConversationHistory(initial);
  }

  get items(): readonly ResponseItem[] {
    return this.log.items;
  }

  append(items: ResponseItem[]): void {
    if (items.length === 0) return;
    this.store?.append(items);
    this.log.append(items);
  }

  replaceAll(items: ResponseItem[]): void {
    this.log.replaceAll(items);
    this.persistAll();
  }

  replaceAt(index: number, item: ResponseItem): void {
    this.log.replaceAt(index, item);
    this.persistAll();
  }

  truncate(length: number): void {
    this.log.truncate(length);
    this.persistAll();
  }

  /** The session runs on another model or effort from now on. */
  recordSettings(settings: RecordedSettings): void {
    this.store?.recordSettings?.(settings);
  }

  /** Whether the store can give back an earlier history (a session file). */
  get readsBack(): boolean {
    return this.store?.historyAtCheckpoint !== undefined;
  }

  /** The history when checkpoint line `index` was written, from the session file (if there is one). */
  historyAtCheckpoint(index: number): ResponseItem[] | undefined {
    return this.store?.historyAtCheckpoint?.(index);
  }

  /** A workspace checkpoint or a rewind, for the session file. */
  recordCheckpoint(line: CheckpointLine): void {
    this.store?.recordCheckpoint?.(line);
  }

  /** The session's goal as it now stands (undefined: cleared), for the session file. */
  recordGoal(goal: Goal | undefined): void {
    this.store?.recordGoal?.(goal);
  }

  /** What a call's patch is about to write (before it writes). */
  recordPatchIntent(callId: string, intent: PatchIntent): void {
    this.store?.recordPatchIntent?.(callId, intent);
  }

  /** The session closed: the store lets go of the session file. */
  close(): void {
    this.store?.close?.();
  }

  private persistAll(): void {
    this.store?.replace([...this.log.items]);
  }
}
