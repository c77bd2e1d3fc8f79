import { isUtf8 } from "node:buffer";
import { chmod, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { errorMessage } from "../../protocol/error-message.js";
import { PatchError } from "../errors.js";
import type { FileChange } from "../types.js";
import { displayPath, resolveWritablePath, type WorkspaceScope } from "../workspace.js";
import { formatUnifiedDiff, replacementScript, wholeFileScript } from "./display-diff.js";
import { splitFileText } from "./file-text.js";
import type { ParsedPatch } from "./parse.js";
import { updateFile } from "./update.js";

export { joinFileText, splitFileText } from "./file-text.js";
export { applyChunks, updateFileText } from "./update.js";

/** Thrown when the turn was interrupted while the patch was being checked or written. */
export class PatchAborted extends Error {
  constructor() {
    super("interrupted before any file was changed");
    this.name = "PatchAborted";
  }
}

/** Stop between steps when the turn was interrupted; yields first so a pending signal is seen. */
export async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await new Promise((resolve) => setImmediate(resolve));
  if (signal.aborted) throw new PatchAborted();
}

export interface PlannedWrite {
  absPath: string;
  /** New content, or null to delete. */
  content: string | null;
  /** The file's bytes before the patch, restored as they were on a rollback (undefined: absent). */
  original: Buffer | undefined;
  /** Permission bits to keep (a moved file keeps its source's mode, exec bit included). */
  mode?: number;
}

export interface VerifiedPatch {
  changes: FileChange[];
  writes: PlannedWrite[];
  /** `A path` / `M path` / `D path` lines. */
  summary: string[];
}

/** A file's bytes before the patch; undefined when absent. */
async function readIfExists(absPath: string, shown: string): Promise<Buffer | undefined> {
  try {
    return await readFile(absPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    if (code === "EISDIR") throw new PatchError(`${shown} is a directory`);
    throw new PatchError(`cannot read ${shown}: ${code ?? String(error)}`);
  }
}

/**
 * A file's bytes as text. One that is not UTF-8 cannot be edited (as in the Codex CLI): decoding
 * it would replace its bytes. Deleting it or adding a file in its place needs no text.
 */
function textOf(bytes: Buffer, shown: string, edit: boolean): string {
  if (isUtf8(bytes)) return bytes.toString("utf8");
  if (edit) throw new PatchError(`${shown} is not UTF-8 text: apply_patch edits text files only`);
  return ""; // shown as a whole addition or deletion
}

const linesOf = (text: string) => splitFileText(text).lines;

function wholeFileDiff(path: string, before: string, after: string): string {
  return formatUnifiedDiff(
    `a/${path}`,
    `b/${path}`,
    wholeFileScript(linesOf(before), linesOf(after)),
  );
}

/** Check every file and compute every new content; touches nothing on disk. */
export async function verifyPatch(
  patch: ParsedPatch,
  scope: WorkspaceScope,
  signal?: AbortSignal,
): Promise<VerifiedPatch> {
  const overlay = new Map<string, string | null>();
  const originals = new Map<string, Buffer | undefined>();
  const modes = new Map<string, number>();
  const changes: FileChange[] = [];
  const summary: string[] = [];
  /** The file as the patch's earlier operations left it; `edit`: its text is needed. */
  const current = async (abs: string, shown: string, edit: boolean) => {
    if (!originals.has(abs)) originals.set(abs, await readIfExists(abs, shown));
    if (overlay.has(abs)) return overlay.get(abs) ?? undefined;
    const bytes = originals.get(abs);
    return bytes === undefined ? undefined : textOf(bytes, shown, edit);
  };
  const resolve = async (path: string, line: number) => {
    try {
      return await resolveWritablePath(path, scope);
    } catch (error) {
      throw new PatchError(errorMessage(error), line);
    }
  };
  for (const op of patch.ops) {
    await checkpoint(signal);
    const abs = await resolve(op.path, op.line);
    const shown = displayPath(abs, scope.cwd);
    const before = await current(abs, shown, op.type === "update");
    await checkpoint(signal);
    if (op.type === "add") {
      overlay.set(abs, op.contents);
      changes.push({
        path: shown,
        kind: "add",
        diff: wholeFileDiff(shown, before ?? "", op.contents),
      });
      summary.push(`A ${shown}`);
      continue;
    }
    if (before === undefined) {
      const verb = op.type === "delete" ? "delete" : "update";
      throw new PatchError(`cannot ${verb} ${shown}: no such file`, op.line);
    }
    if (op.type === "delete") {
      overlay.set(abs, null);
      changes.push({ path: shown, kind: "delete", diff: wholeFileDiff(shown, before, "") });
      summary.push(`D ${shown}`);
      continue;
    }
    const updated = updateFile(before, op.chunks, shown);
    const after = updated.text;
    const ops = replacementScript(updated.oldLines, updated.replacements);
    if (op.movePath === undefined) {
      overlay.set(abs, after);
      const diff = formatUnifiedDiff(`a/${shown}`, `b/${shown}`, ops);
      changes.push({ path: shown, kind: "update", diff });
      summary.push(`M ${shown}`);
      continue;
    }
    const dest = await resolve(op.movePath, op.line);
    const destShown = displayPath(dest, scope.cwd);
    await current(dest, destShown, false);
    overlay.set(abs, null);
    overlay.set(dest, after);
    modes.set(dest, (await stat(abs)).mode & 0o7777);
    const diff = formatUnifiedDiff(`a/${shown}`, `b/${destShown}`, ops);
    changes.push({ path: shown, kind: "update", movePath: destShown, diff });
    summary.push(`M ${destShown}`);
  }
  await checkpoint(signal);
  const writes = [...overlay].map(([absPath, content]) => ({
    absPath,
    content,
    original: originals.get(absPath),
    ...(modes.has(absPath) ? { mode: modes.get(absPath) } : {}),
  }));
  return { changes, writes, summary };
}

/** Write a verified patch. If a write fails, the files already written are restored. */
export async function writePatch(writes: PlannedWrite[]): Promise<void> {
  const done: PlannedWrite[] = [];
  try {
    for (const write of writes) {
      if (write.content === null) {
        if (write.original !== undefined) await rm(write.absPath);
      } else {
        await mkdir(dirname(write.absPath), { recursive: true });
        await writeFile(write.absPath, write.content);
        if (write.mode !== undefined) await chmod(write.absPath, write.mode);
      }
      done.push(write);
    }
  } catch (error) {
    for (const write of done.reverse()) {
      if (write.original === undefined) await rm(write.absPath, { force: true }).catch(() => {});
      else await writeFile(write.absPath, write.original).catch(() => {});
    }
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new PatchError(`writing the patch failed (${code}); files were restored`);
  }
}
