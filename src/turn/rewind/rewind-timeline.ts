import { messageText, type ResponseItem } from "../../protocol/index.js";
import type { CheckpointLine, RewindPoint } from "../../session/index.js";

type TurnStart = Extract<CheckpointLine, { moment: "turn_start" }>;

/** A rewind point with where its `turn_start` line stands in the session's checkpoint lines. */
export interface LivePoint extends RewindPoint {
  line: number;
  tree?: string;
}

/** The text of a user message item, or undefined for any other item. */
function userText(item: ResponseItem | undefined): string | undefined {
  if (item?.type !== "message" || (item as { role?: unknown }).role !== "user") return;
  return messageText(item);
}

/** A message of the conversation's past and the history it was sent in (0, then one per compaction). */
interface Standing {
  start: TurnStart;
  line: number;
  epoch: number;
}

type Rewind = Extract<CheckpointLine, { moment: "rewind" }>;

/**
 * Which standing message a rewind went back to (-1: it does not say): the one whose
 * `turn_start` is its `point` line. The list's numbers leave out points whose message no longer
 * stands at its index, so `turn` counts from the standing ones only in a file that has no
 * `point` (written before it), where that is the best there is.
 */
function rewoundTo(standing: readonly Standing[], rewind: Rewind): number {
  if (rewind.point !== undefined) return standing.findIndex((s) => s.line === rewind.point);
  return rewind.turn === undefined || rewind.turn > standing.length ? -1 : rewind.turn - 1;
}

/**
 * The points a session can rewind to (pure), oldest first: each person's message still in the
 * conversation's past. A `turn_start` replaces what stood at or after its index in the same
 * history (an undo); a conversation rewind ends its point and every later one, and goes back to
 * that point's history; a compaction starts a new history, and the points before it stay, marked
 * `compacted` (their history is in the session file). A point of the current history must still
 * be its message at its index.
 */
export function livePoints(
  lines: readonly CheckpointLine[],
  history: readonly ResponseItem[],
): LivePoint[] {
  let epoch = 0;
  let standing: Standing[] = [];
  lines.forEach((line, index) => {
    if (line.moment === "turn_start") {
      standing = standing.filter((s) => s.epoch !== epoch || s.start.at < line.at);
      standing.push({ start: line, line: index, epoch });
    } else if (line.moment === "compacted") {
      epoch = Math.max(epoch, ...standing.map((s) => s.epoch)) + 1;
    } else if (line.moment === "rewind" && line.mode !== "code") {
      const target = rewoundTo(standing, line);
      if (target >= 0) {
        epoch = (standing[target] as Standing).epoch;
        standing = standing.slice(0, target);
      } else standing = standing.filter((s) => s.epoch !== epoch || s.start.at < line.at);
    }
  });
  return standing
    .filter(({ start, epoch: e }) => e !== epoch || userText(history[start.at]) === start.message)
    .map(({ start, line, epoch: e }, index) => ({
      turn: index + 1,
      at: start.at,
      message: start.message,
      code: start.tree ? (true as const) : { skipped: start.skipped ?? "no checkpoint" },
      ...(e !== epoch ? { compacted: true as const } : {}),
      line,
      ...(start.tree ? { tree: start.tree } : {}),
    }));
}

/** The first `compacted` line after `from`: where the history a compacted point was sent in ended. */
export function compactionAfter(lines: readonly CheckpointLine[], from: number): number {
  return lines.findIndex((line, index) => index > from && line.moment === "compacted");
}

/**
 * What a code rewind compares, from the point's line on (pure): `gaps`, the workspace as a
 * turn or rewind left it and as the next turn found it (a difference is a hand edit), and
 * `lastKnown`, the workspace as mini-codex last left it.
 */
export function knownStates(
  lines: readonly CheckpointLine[],
  from: number,
  checkpoint: string,
): { gaps: Array<[string, string]>; lastKnown: string } {
  const gaps: Array<[string, string]> = [];
  let known: string | undefined = checkpoint;
  for (const line of lines.slice(from + 1)) {
    if (line.moment === "turn_start") {
      if (known && line.tree) gaps.push([known, line.tree]);
      known = undefined; // unknown until the turn ends
    } else known = treeOf(line) ?? known;
  }
  // a turn that never ended (a crash): its changes count as the person's, so they are kept
  const last = [...lines.slice(from)].reverse().find(treeOf);
  return { gaps, lastKnown: known ?? (last && treeOf(last)) ?? checkpoint };
}

/** The workspace a line recorded, if it recorded one. */
function treeOf(line: CheckpointLine): string | undefined {
  return "tree" in line ? line.tree : undefined;
}
