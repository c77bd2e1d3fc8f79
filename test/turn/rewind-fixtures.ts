import type { SessionOptions } from "../../src/session/api.js";
import type { CheckpointLine } from "../../src/session/store/checkpoint-lines.js";
import { SessionFile } from "../../src/session/store/session-file.js";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { createSession, type Session } from "../../src/turn/agent-session.js";

/** A `turn_start` line for the message `message` at history index `at` (no workspace tree). */
export const turnStart = (at: number, message: string): CheckpointLine => ({
  type: "checkpoint",
  moment: "turn_start",
  at,
  message,
  skipped: "test",
});

/** The session saved at `path`, resumed as `mini-codex resume` does (checkpoints on). */
export function resumedFrom(path: string, options: SessionOptions): Session {
  const saved = readSessionFile(path);
  return createSession({
    ...options,
    checkpoints: true,
    historyStore: SessionFile.reopen(path),
    restoredHistory: saved.history,
    restoredCheckpoints: saved.checkpoints,
  });
}
