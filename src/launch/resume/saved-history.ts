import { basename } from "node:path";
import {
  InconsistentHistoryError,
  readSessionFile,
  repairHistory,
  SessionFile,
} from "../../session/index.js";
import { checkPatchIntent, interruptedPatchOutput } from "../../tools/index.js";
import { CliError } from "../errors.js";
import { EXIT_FAILED } from "../exit-codes.js";
import { asCliError } from "./saved-settings.js";

/**
 * Lock the session (unless nothing is written), read it and make its history sendable: calls
 * left without an output by a crash get their `aborted` output, written to the file before
 * anything is sent; an apply_patch call whose intent was recorded gets instead what the files
 * on disk show it applied and did not. An inconsistent history is refused.
 */
export function loadSaved(path: string, writable: boolean) {
  const store = writable ? lockedReopen(path) : undefined;
  try {
    const saved = readSessionFile(path);
    const patches: { applied: number; total: number }[] = [];
    const patchOutput = (callId: string) => {
      const intent = saved.patchIntents.get(callId);
      if (!intent) return undefined;
      const checked = checkPatchIntent(intent);
      patches.push({
        applied: checked.filter((entry) => entry.state === "applied").length,
        total: checked.length,
      });
      return interruptedPatchOutput(checked, saved.moved?.cwd ?? saved.meta.cwd);
    };
    const repaired = repairHistory(saved.history, patchOutput);
    if (store && repaired.added.length > 0) {
      if (repaired.atEnd) store.append(repaired.added);
      else store.replace(repaired.history);
    }
    const warnings = resumeWarnings(path, saved.unreadableLines, repaired.added.length, patches);
    return { saved: { ...saved, history: repaired.history }, store, warnings };
  } catch (error) {
    store?.close();
    if (error instanceof InconsistentHistoryError) {
      throw new CliError(`cannot resume ${path}: ${error.message}`, EXIT_FAILED);
    }
    throw asCliError(error);
  }
}

function lockedReopen(path: string): SessionFile {
  try {
    return SessionFile.reopen(path, `session ${basename(path, ".jsonl")}`);
  } catch (error) {
    throw asCliError(error);
  }
}

const MAX_LISTED = 10;

/** What a resume tells the person about the saved history: lines skipped, calls repaired. */
function resumeWarnings(
  path: string,
  unreadable: readonly number[],
  repaired: number,
  patches: readonly { applied: number; total: number }[] = [],
) {
  const warnings: string[] = [];
  if (unreadable.length > 0) {
    const listed = unreadable.slice(0, MAX_LISTED).join(", ");
    const more =
      unreadable.length > MAX_LISTED ? `, … (${unreadable.length - MAX_LISTED} more)` : "";
    const one = unreadable.length === 1;
    const lines = one
      ? "1 line could not be read and was"
      : `${unreadable.length} lines could not be read and were`;
    warnings.push(`${path}: ${lines} skipped (line ${listed}${more})`);
  }
  const aborted = repaired - patches.length;
  if (aborted > 0) {
    const calls = aborted === 1 ? "1 tool call had" : `${aborted} tool calls had`;
    warnings.push(`${calls} no output (the run ended during the call); recorded as aborted`);
  }
  for (const patch of patches) {
    warnings.push(
      `a patch was cut short by the end of the run: ${patch.applied} of ${patch.total} files applied; the model is told which`,
    );
  }
  return warnings;
}
