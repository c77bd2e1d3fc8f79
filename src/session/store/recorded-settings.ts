import { z } from "zod";
import { lazy } from "../../protocol/index.js";

/**
 * What a session runs on from some point on, as its file records it: the header line holds the
 * first, a `settings` line each later change (/model, /effort, a flag on resume). The last one
 * read is what a resume comes back on.
 */
export interface RecordedSettings {
  model: string;
  /** Absent: the model takes no effort. */
  effort?: string;
}

const settingsLineSchema = lazy(() =>
  z.looseObject({
    type: z.literal("settings"),
    model: z.string(),
    effort: z.string().optional(),
  }),
);

/** The JSON line that records a change of settings (no newline). */
export function settingsLine(settings: RecordedSettings): string {
  const { model, effort } = settings;
  return JSON.stringify({ type: "settings", model, ...(effort ? { effort } : {}) });
}

/** The settings a parsed line records, or undefined when it is not a `settings` line. */
export function recordedSettingsOf(value: unknown): RecordedSettings | undefined {
  // most lines are items: a failed safeParse builds an error object (half a resume's parse)
  if ((value as { type?: unknown } | null)?.type !== "settings") return undefined;
  const parsed = settingsLineSchema().safeParse(value);
  if (!parsed.success) return undefined;
  const { model, effort } = parsed.data;
  return { model, ...(effort ? { effort } : {}) };
}

/** Whether two recorded settings name the same model and effort. */
export function sameSettings(a: RecordedSettings, b: RecordedSettings): boolean {
  return a.model === b.model && (a.effort ?? undefined) === (b.effort ?? undefined);
}
