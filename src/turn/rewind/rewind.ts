import { errorMessage, messageText, type ResponseItem } from "../../protocol/index.js";
import type {
  CheckpointLine,
  RewindMode,
  RewindPoint,
  RewindResult,
  SessionOptions,
  SessionRewinds,
} from "../../session/index.js";
import {
  CheckpointStore,
  type Snapshot,
  type WorkspaceScope,
  writeGuard,
} from "../../tools/index.js";
import type { StoredHistory } from "../stored-history.js";
import { compactionAfter, knownStates, type LivePoint, livePoints } from "./rewind-timeline.js";

interface RewindDeps {
  home: string;
  cwd: string;
  /** Where the session's patches may write: a code rewind refuses what they would (writeGuard). */
  writeScope?: WorkspaceScope;
  /** Why the workspace is not recorded before each turn (conversation rewind only); absent: it is. */
  notRecorded?: string;
  restored: readonly CheckpointLine[];
  record(line: CheckpointLine): void;
  warn(message: string): void;
  /** A turn runs now (a rewind waits for it to end). */
  busy(): boolean;
  history(): readonly ResponseItem[];
  /** Drop history from index `at` on (the next request is full: `input_shorter`). */
  truncate(at: number): void;
  /** Put an earlier history back whole (a rewind to before a compaction). */
  restore(items: ResponseItem[]): void;
  /** The history when checkpoint line `index` was written (absent: no session file keeps it). */
  historyAt?(index: number): ResponseItem[] | undefined;
}

function notRecorded(options: SessionOptions): { notRecorded?: string } {
  if (options.checkpoints !== true) return { notRecorded: "this session records no checkpoints" };
  if (!turnsMayChangeFiles(options))
    return { notRecorded: "read-only session: no file could change" };
  return {};
}

/**
 * Whether a turn may change files: not in a read-only sandbox that nobody can be asked to leave
 * (exec's default), so such sessions spend no time on checkpoints.
 */
export function turnsMayChangeFiles(
  options: Pick<SessionOptions, "sandbox" | "approvalPolicy">,
): boolean {
  return options.sandbox !== "read-only" || options.approvalPolicy !== "never";
}

/**
 * Checkpoints per user turn and rewinds to them (issue 29): the workspace is recorded in the
 * shadow repository before each user message and when its turn ends; each record is a
 * `checkpoint` line of the session file, so a resumed session can rewind too.
 */
export class TurnCheckpoints implements SessionRewinds {
  private readonly lines: CheckpointLine[];
  private store: Promise<CheckpointStore> | undefined;
  /** The histories compactions replaced, by their `compacted` line, when no session file keeps them. */
  private readonly replaced = new Map<number, readonly ResponseItem[]>();

  constructor(private readonly deps: RewindDeps) {
    this.lines = [...deps.restored];
  }

  /** A session's: on when its options ask for checkpoints; lines go to its session file. */
  static forSession(
    options: SessionOptions,
    conversation: StoredHistory,
    session: Pick<RewindDeps, "warn" | "busy">,
  ): TurnCheckpoints {
    return new TurnCheckpoints({
      home: options.home,
      cwd: options.cwd,
      writeScope: options.writeScope ?? {
        cwd: options.cwd,
        workspaceRoots: options.workspaceRoots,
        sandbox: options.sandbox,
      },
      ...notRecorded(options),
      restored: options.restoredCheckpoints ?? [],
      record: (line) => conversation.recordCheckpoint(line),
      ...session,
      history: () => conversation.items,
      truncate: (at) => conversation.truncate(at),
      restore: (items) => conversation.replaceAll(items),
      ...(conversation.readsBack
        ? { historyAt: (index: number) => conversation.historyAtCheckpoint(index) }
        : {}),
    });
  }

  /** Before the user message at history index `at`: record the workspace. */
  async beforeTurn(at: number, message: string): Promise<void> {
    const { notRecorded } = this.deps;
    const snapshot = notRecorded ? { skipped: notRecorded } : await this.snapshot();
    if ("skipped" in snapshot && !notRecorded) this.deps.warn(snapshot.skipped);
    this.add({ type: "checkpoint", moment: "turn_start", at, message, ...snapshot });
  }

  /** The turn of the message at `at` ended: what it left is what mini-codex last knew. */
  async afterTurn(at: number): Promise<void> {
    const start = this.lines.at(-1);
    if (start?.moment !== "turn_start" || start.at !== at || !start.tree) return;
    const snapshot = await this.snapshot();
    if ("tree" in snapshot) this.add({ type: "checkpoint", moment: "turn_end", at, ...snapshot });
  }

  /** A compaction is about to replace `history`: the points before it keep it to go back to. */
  compacting(history: readonly ResponseItem[]): void {
    this.add({ type: "checkpoint", moment: "compacted", at: history.length });
    if (!this.deps.historyAt) this.replaced.set(this.lines.length - 1, history);
  }

  points(): RewindPoint[] {
    return livePoints(this.lines, this.deps.history()).map(({ line, tree, ...point }) => point);
  }

  /** What a code rewind to `turn` would undo: the diff from its checkpoint to the workspace. */
  async diff(turn: number): Promise<string> {
    const { tree } = this.codePoint(turn);
    const store = await this.open();
    const now = await store.snapshot(Number.POSITIVE_INFINITY);
    if (!("tree" in now)) throw new Error(now.skipped);
    return store.diff(tree, now.tree);
  }

  async rewind(turn: number, mode: RewindMode): Promise<RewindResult> {
    if (this.deps.busy()) throw new Error("a turn is running: rewind after it ends (Esc stops it)");
    const point = this.point(turn);
    const result: RewindResult = { mode, message: point.message };
    let tree: string | undefined;
    if (mode !== "conversation") {
      const { tree: checkpoint, line } = this.codePoint(turn);
      const store = await this.open();
      result.diff = await this.diff(turn);
      const { gaps, lastKnown } = knownStates(this.lines, line, checkpoint);
      const outside = (await Promise.all(gaps.map(([a, b]) => store.changedPaths(a, b)))).flat();
      const { writeScope } = this.deps;
      const guard = writeScope ? writeGuard(writeScope) : undefined;
      result.code = await store.restore(checkpoint, lastKnown, outside, guard);
      tree = await this.recordAfterRewind(store);
    }
    if (mode !== "code" && point.compacted) this.deps.restore(this.historyBefore(point));
    else if (mode !== "code") this.deps.truncate(point.at);
    this.add({
      type: "checkpoint",
      moment: "rewind",
      at: point.at,
      mode,
      point: point.line,
      turn,
      ...(tree ? { tree } : {}),
    });
    return result;
  }

  /**
   * The workspace as the rewind left it (what the next rewind compares with). Unrecorded (git
   * failed on files changing meanwhile): a warning, and the rewind's report still stands.
   */
  private async recordAfterRewind(store: CheckpointStore): Promise<string | undefined> {
    try {
      const after = await store.snapshot(Number.POSITIVE_INFINITY);
      return "tree" in after ? after.tree : undefined;
    } catch (error) {
      this.deps.warn(`the workspace after the rewind was not recorded: ${errorMessage(error)}`);
      return undefined;
    }
  }

  /** A compacted point's history up to its message, as the compaction after it found it. */
  private historyBefore(point: LivePoint): ResponseItem[] {
    const boundary = compactionAfter(this.lines, point.line);
    const history = this.replaced.get(boundary) ?? this.deps.historyAt?.(boundary);
    const message = history?.[point.at];
    const text =
      message?.type === "message" && message.role === "user" ? messageText(message) : undefined;
    if (!history || text !== point.message)
      throw new Error(
        `the conversation before message ${point.turn} is no longer saved (compacted)`,
      );
    return history.slice(0, point.at);
  }

  private point(turn: number): LivePoint {
    const points = livePoints(this.lines, this.deps.history());
    const point = points.find((p) => p.turn === turn);
    if (point) return point;
    const range = points.length > 0 ? `1 to ${points.length}` : "none yet";
    throw new Error(`no user message ${turn} to rewind to (messages: ${range})`);
  }

  private codePoint(turn: number): LivePoint & { tree: string } {
    const point = this.point(turn);
    if (point.tree) return { ...point, tree: point.tree };
    const why = point.code === true ? "no checkpoint" : point.code.skipped;
    throw new Error(`cannot rewind the code to message ${turn}: ${why}`);
  }

  private add(line: CheckpointLine): void {
    this.deps.record(line);
    this.lines.push(line);
  }

  private open(): Promise<CheckpointStore> {
    this.store ??= CheckpointStore.open(this.deps.home, this.deps.cwd);
    return this.store;
  }

  private async snapshot(): Promise<Snapshot> {
    try {
      return await (await this.open()).snapshot();
    } catch (error) {
      this.store = undefined;
      return { skipped: `no checkpoint of the workspace: ${errorMessage(error)}` };
    }
  }
}
