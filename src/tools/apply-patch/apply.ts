import { isUtf8 } from "node:buffer";
import { resolve } from "node:path";
import { errorMessage } from "../../protocol/index.js";
import { PatchError, WorkspaceError } from "../errors.js";
import type { FileChange } from "../types.js";
import { displayPath, type WorkspaceScope, writeGuard } from "../workspace.js";
import { WorkspaceWalker } from "../workspace-walk.js";
import { formatUnifiedDiff, replacementScript, wholeFileScript } from "./display-diff.js";
import { splitFileText } from "./file-text.js";
import type { ParsedPatch } from "./parse.js";
import { updateFile } from "./update.js";
import {
  type FileNames,
  type Original,
  readOriginal,
  removeWalked,
  writeWalked,
} from "./walked-files.js";

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

interface PlannedWrite {
  absPath: string;
  /** The path as the patch wrote it (errors name it). */
  asked: string;
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

/** A walker for the patch's paths; a walk that cannot start (no /proc) is the patch's error. */
function walkerFor(scope: WorkspaceScope): WorkspaceWalker {
  try {
    return new WorkspaceWalker(scope, writeGuard(scope));
  } catch (error) {
    if (error instanceof WorkspaceError) throw new PatchError(error.message);
    throw error;
  }
}

/** Run a walk step; a refusal of the path becomes the patch's error at `line`. */
function onPath<T>(line: number, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof WorkspaceError) throw new PatchError(errorMessage(error), line);
    throw error;
  }
}

/**
 * Check every file and compute every new content; touches nothing on disk. Every file is read
 * through the no-follow walk (workspace-walk.ts), which refuses a path leaving the workspace.
 */
export async function verifyPatch(
  patch: ParsedPatch,
  scope: WorkspaceScope,
  signal?: AbortSignal,
): Promise<VerifiedPatch> {
  const walker = walkerFor(scope);
  const refuseLinked = scope.sandbox !== "danger-full-access";
  const overlay = new Map<string, string | null>();
  const originals = new Map<string, Original | undefined>();
  const askedAs = new Map<string, string>();
  const modes = new Map<string, number>();
  const changes: FileChange[] = [];
  const summary: string[] = [];
  const namesOf = (asked: string): FileNames => {
    const abs = resolve(scope.cwd, asked);
    return { abs, asked, shown: displayPath(abs, scope.cwd) };
  };
  /** The file as the patch's earlier operations left it; `edit`: its text is needed. */
  const current = (names: FileNames, line: number, edit: boolean) => {
    const { abs, shown } = names;
    if (!originals.has(abs)) {
      originals.set(
        abs,
        onPath(line, () => readOriginal(walker, names, refuseLinked)),
      );
      askedAs.set(abs, names.asked);
    }
    if (overlay.has(abs)) return overlay.get(abs) ?? undefined;
    const bytes = originals.get(abs)?.bytes;
    return bytes === undefined ? undefined : textOf(bytes, shown, edit);
  };
  for (const op of patch.ops) {
    await checkpoint(signal);
    const names = namesOf(op.path);
    const { abs, shown } = names;
    const before = current(names, op.line, op.type === "update");
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
    const dest = namesOf(op.movePath);
    current(dest, op.line, false);
    overlay.set(abs, null);
    overlay.set(dest.abs, after);
    const sourceMode = originals.get(abs)?.mode;
    if (sourceMode !== undefined) modes.set(dest.abs, sourceMode);
    const diff = formatUnifiedDiff(`a/${shown}`, `b/${dest.shown}`, ops);
    changes.push({ path: shown, kind: "update", movePath: dest.shown, diff });
    summary.push(`M ${dest.shown}`);
  }
  await checkpoint(signal);
  const writes = [...overlay].map(([absPath, content]) => ({
    absPath,
    asked: askedAs.get(absPath) ?? absPath,
    content,
    original: originals.get(absPath)?.bytes,
    ...(modes.has(absPath) ? { mode: modes.get(absPath) } : {}),
  }));
  return { changes, writes, summary };
}

/**
 * Write a verified patch, each file through a new no-follow walk (what changed since the check
 * is walked again, and refused if it now leaves the workspace). If a write fails, the files
 * already written are restored.
 */
export async function writePatch(writes: PlannedWrite[], scope: WorkspaceScope): Promise<void> {
  const walker = walkerFor(scope);
  const refuseLinked = scope.sandbox !== "danger-full-access";
  const namesOf = (write: PlannedWrite): FileNames => ({
    abs: write.absPath,
    asked: write.asked,
    shown: displayPath(write.absPath, scope.cwd),
  });
  const done: PlannedWrite[] = [];
  try {
    for (const write of writes) {
      const names = namesOf(write);
      if (write.content === null) {
        if (write.original !== undefined) removeWalked(walker, names);
      } else {
        writeWalked(walker, names, write.content, {
          fresh: write.original === undefined,
          refuseLinked,
          ...(write.mode !== undefined ? { mode: write.mode } : {}),
        });
      }
      done.push(write);
    }
  } catch (error) {
    for (const write of done.reverse()) {
      const names = namesOf(write);
      try {
        if (write.original === undefined) removeWalked(walker, names);
        else writeWalked(walker, names, write.original, { fresh: false, refuseLinked: false });
      } catch {
        // restore what can be restored
      }
    }
    const why =
      error instanceof WorkspaceError || error instanceof PatchError
        ? error.message
        : ((error as NodeJS.ErrnoException).code ?? String(error));
    throw new PatchError(`writing the patch failed (${why}); files were restored`);
  }
}
