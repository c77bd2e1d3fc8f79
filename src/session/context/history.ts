import type { ResponseItem, ToolOutputItem } from "../../protocol/index.js";
import { isToolOutputValue, type ToolOutput } from "../../protocol/index.js";

/**
 * The local truth: every item in order, exactly as sent or received. It remembers the lowest
 * index each mutation touched so the request builder re-derives only what changed.
 */
export class ConversationHistory {
  private entries: ResponseItem[] = [];
  private revision = 0;
  /** (revision after the mutation, lowest index it touched), oldest first. */
  private touches: Array<{ revision: number; from: number }> = [];
  /** Mutations up to this revision were forgotten; asking about them answers "everything". */
  private forgottenUpTo = 0;

  constructor(initial: readonly ResponseItem[] = []) {
    this.entries = [...initial];
  }

  get items(): readonly ResponseItem[] {
    return this.entries;
  }

  get length(): number {
    return this.entries.length;
  }

  /** A token for `firstChangedSince`. */
  get version(): number {
    return this.revision;
  }

  append(items: readonly ResponseItem[]): void {
    if (items.length === 0) return;
    this.touch(this.entries.length);
    this.entries.push(...items);
  }

  /** Replace one item (an edit of earlier history). */
  replaceAt(index: number, item: ResponseItem): void {
    if (index < 0 || index >= this.entries.length) throw new RangeError(`no history item ${index}`);
    this.touch(index);
    this.entries[index] = item;
  }

  /** Drop everything from `length` on (e.g. undo of the last turn). */
  truncate(length: number): void {
    if (length >= this.entries.length) return;
    this.touch(Math.max(0, length));
    this.entries.length = Math.max(0, length);
  }

  /** Replace history wholesale (compaction, /new). */
  replaceAll(items: readonly ResponseItem[]): void {
    this.touch(0);
    this.entries = [...items];
  }

  /** Re-render a finished tool output (same call_id, new output); the model keeps the frozen one. */
  replaceToolOutput(callId: string, output: ToolOutput): boolean {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const item = this.entries[i] as ResponseItem;
      if (isToolOutput(item) && item.call_id === callId) {
        this.replaceAt(i, { ...item, output });
        return true;
      }
    }
    return false;
  }

  /** The lowest index that may differ from what history held at `version`. */
  firstChangedSince(version: number): number {
    if (version < this.forgottenUpTo) return 0;
    let from = this.entries.length;
    for (let i = this.touches.length - 1; i >= 0; i--) {
      const touch = this.touches[i] as { revision: number; from: number };
      if (touch.revision <= version) break;
      from = Math.min(from, touch.from);
    }
    return from;
  }

  private touch(from: number): void {
    this.revision += 1;
    this.touches.push({ revision: this.revision, from });
    if (this.touches.length > 256) {
      const dropped = this.touches.splice(0, 128);
      this.forgottenUpTo = dropped[dropped.length - 1]?.revision ?? this.forgottenUpTo;
    }
  }
}

export function isToolOutput(item: ResponseItem): item is ResponseItem & ToolOutputItem {
  return (
    (item.type === "function_call_output" || item.type === "custom_tool_call_output") &&
    typeof item.call_id === "string" &&
    isToolOutputValue(item.output)
  );
}

/**
 * Tool outputs frozen per call_id for one chain epoch (docs/protocol.md, "Frozen tool outputs"): the item the model
 * first saw is the one every later request replays, so a re-rendered output never breaks
 * the prefix. The frozen item object is reused, which also keeps its hash cached.
 */
export class FrozenToolOutputs {
  private frozen = new Map<string, ResponseItem>();
  private generation = 0;

  /** Changes whenever the frozen set is cleared (a new chain epoch). */
  get epoch(): number {
    return this.generation;
  }

  /** The item to send for `item`: the frozen one for its call_id, freezing it on first sight. */
  resolve(item: ResponseItem): ResponseItem {
    if (!isToolOutput(item)) return item;
    const key = `${item.type}:${item.call_id}`;
    const existing = this.frozen.get(key);
    if (existing) return existing;
    this.frozen.set(key, item);
    return item;
  }

  get size(): number {
    return this.frozen.size;
  }

  /** A copy with the same frozen items (a fork replays the parent's outputs byte for byte). */
  copy(): FrozenToolOutputs {
    const copied = new FrozenToolOutputs();
    copied.frozen = new Map(this.frozen);
    return copied;
  }

  clear(): void {
    this.frozen.clear();
    this.generation += 1;
  }
}
