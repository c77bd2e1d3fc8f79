import { messageText, type ResponseItem } from "../protocol/items.js";
import type { RewindPoint } from "../session/api.js";
import type { CheckpointLine } from "../session/checkpoint-lines.js";

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

/**
 * The points a session can rewind to (pure): each `turn_start` whose message still stands at
 * its index in history, not undone by a later conversation rewind to it or before it; the
 * latest line wins for an index.
 */
export function livePoints(
  lines: readonly CheckpointLine[],
  history: readonly ResponseItem[],
): LivePoint[] {
  const byIndex = new Map<number, { start: TurnStart; line: number }>();
  lines.forEach((line, index) => {
    if (line.moment === "turn_start") byIndex.set(line.at, { start: line, line: index });
    else if (line.moment === "rewind" && line.mode !== "code")
      for (const at of [...byIndex.keys()]) if (at >= line.at) byIndex.delete(at);
  });
  return [...byIndex.values()]
    .filter(({ start }) => userText(history[start.at]) === start.message)
    .sort((a, b) => a.start.at - b.start.at)
    .map(({ start, line }, index) => ({
      turn: index + 1,
      at: start.at,
      message: start.message,
      code: start.tree ? (true as const) : { skipped: start.skipped ?? "no checkpoint" },
      line,
      ...(start.tree ? { tree: start.tree } : {}),
    }));
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
    } else if (line.tree) known = line.tree;
  }
  // a turn that never ended (a crash): its changes count as the person's, so they are kept
  const last = [...lines.slice(from)].reverse().find((line) => line.tree)?.tree;
  return { gaps, lastKnown: known ?? last ?? checkpoint };
}
