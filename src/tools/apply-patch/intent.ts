import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { PatchIntent, PatchIntentFile } from "../types.js";
import { displayPath } from "../workspace.js";

/** A file's hash: of its bytes (a text's are its UTF-8 encoding, as the patch writes it). */
const hashOf = (content: string | Buffer) =>
  createHash("sha256").update(content).digest("hex").slice(0, 32);

/** The intent of a verified patch's writes (in the order they are written). Pure. */
export function patchIntentOf(
  writes: readonly { absPath: string; content: string | null; original: Buffer | undefined }[],
): PatchIntent {
  return {
    files: writes.map((write) => ({
      path: write.absPath,
      before: write.original === undefined ? null : hashOf(write.original),
      after: write.content === null ? null : hashOf(write.content),
    })),
  };
}

/** Where a file of an interrupted patch stands: the patch's result, the original, or neither. */
type PatchFileState = "applied" | "not_applied" | "other";

/** The state of one file, from the hash of what it holds now (null: absent). Pure. */
function patchFileState(file: PatchIntentFile, now: string | null): PatchFileState {
  if (now === file.after) return "applied";
  if (now === file.before) return "not_applied";
  return "other";
}

function currentHash(path: string): string | null {
  try {
    return hashOf(readFileSync(path)); // bytes: a decoded read would hide what is not UTF-8
  } catch {
    return null; // absent (or unreadable: not the patch's result either way)
  }
}

/** Each file of the intent with its state on disk now (read once, at resume). */
export function checkPatchIntent(
  intent: PatchIntent,
): { file: PatchIntentFile; state: PatchFileState }[] {
  return intent.files.map((file) => ({
    file,
    state: patchFileState(file, currentHash(file.path)),
  }));
}

const verbOf = (file: PatchIntentFile) =>
  file.after === null ? "delete" : file.before === null ? "add" : "update";

/**
 * The output a resume gives an apply_patch call whose process died while writing it: which
 * files hold the patch's result, which still hold their content from before, which neither.
 * Pure.
 */
export function interruptedPatchOutput(
  checked: readonly { file: PatchIntentFile; state: PatchFileState }[],
  cwd: string,
): string {
  const list = (state: PatchFileState) =>
    checked
      .filter((entry) => entry.state === state)
      .map((entry) => `${verbOf(entry.file)} ${displayPath(entry.file.path, cwd)}`);
  const applied = list("applied");
  const notApplied = list("not_applied");
  const other = list("other");
  const total = checked.length;
  const lines = [
    "apply_patch was cut short: the process was killed while it wrote the files.",
    `Checked on resume against the patch: ${applied.length} of ${total} files applied, ${notApplied.length} not applied${other.length > 0 ? `, ${other.length} neither` : ""}.`,
  ];
  if (applied.length > 0) lines.push("Applied (hold the patch's result):", ...applied);
  if (notApplied.length > 0)
    lines.push("Not applied (unchanged, as before the patch):", ...notApplied);
  if (other.length > 0)
    lines.push("Neither (hold neither the patch's result nor the original):", ...other);
  return lines.join("\n");
}
