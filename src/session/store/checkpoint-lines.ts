import { z } from "zod";
import { lazy } from "../../protocol/index.js";

/** How much a rewind puts back: the files, the conversation, or both. */
export const REWIND_MODES = ["code", "conversation", "both"] as const;
export type RewindMode = (typeof REWIND_MODES)[number];

/**
 * One line of the session file about the workspace (append-only, docs/config.md "Rewind"):
 * - `turn_start`: recorded before the user message at history index `at` (its text kept to
 *   check the point still is that message); `skipped` says why no tree was recorded;
 * - `turn_end`: the workspace when that turn ended (what mini-codex last left);
 * - `rewind`: the person rewound to `at` (a conversation rewind ends the later points); `point`:
 *   which checkpoint line (0-based) is the point's `turn_start`, the index a replay finds it by;
 *   `turn`: its number in the list then (what the person picked; the only one in older files);
 * - `compacted`: written just before a compaction replaces the history (then `at` items long):
 *   the points before it index that earlier history, which the session file still holds.
 */
export type CheckpointLine =
  | {
      type: "checkpoint";
      moment: "turn_start";
      at: number;
      message: string;
      tree?: string;
      skipped?: string;
    }
  | { type: "checkpoint"; moment: "turn_end"; at: number; tree: string }
  | {
      type: "checkpoint";
      moment: "rewind";
      at: number;
      mode: RewindMode;
      point?: number;
      turn?: number;
      tree?: string;
    }
  | { type: "checkpoint"; moment: "compacted"; at: number };

const lineSchema = lazy(() =>
  z.discriminatedUnion("moment", [
    z.object({
      type: z.literal("checkpoint"),
      moment: z.literal("turn_start"),
      at: z.number().int().nonnegative(),
      message: z.string(),
      tree: z.string().optional(),
      skipped: z.string().optional(),
    }),
    z.object({
      type: z.literal("checkpoint"),
      moment: z.literal("turn_end"),
      at: z.number().int().nonnegative(),
      tree: z.string(),
    }),
    z.object({
      type: z.literal("checkpoint"),
      moment: z.literal("rewind"),
      at: z.number().int().nonnegative(),
      mode: z.enum(REWIND_MODES),
      point: z.number().int().nonnegative().optional(),
      turn: z.number().int().positive().optional(),
      tree: z.string().optional(),
    }),
    z.object({
      type: z.literal("checkpoint"),
      moment: z.literal("compacted"),
      at: z.number().int().nonnegative(),
    }),
  ]),
);

/** The checkpoint a parsed session-file line records, or undefined for any other line. */
export function checkpointLineOf(value: unknown): CheckpointLine | undefined {
  if ((value as { type?: unknown } | null)?.type !== "checkpoint") return undefined;
  const parsed = lineSchema().safeParse(value);
  return parsed.success ? (parsed.data as CheckpointLine) : undefined;
}
