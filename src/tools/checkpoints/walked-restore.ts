/**
 * A code rewind's file changes, each done on what the no-follow walk reached
 * (../workspace-walk.ts with `links: "never"`: no symlink on the way is followed, one leaving
 * the workspace is refused with its name). A recorded file is written to a fresh name in the
 * held parent folder, with its executable bit, and renamed over the final name; a recorded
 * symlink is made the same way, as a link with the recorded text; whatever the final name is now
 * (a file, a symlink, a folder holding only empty folders) is replaced, never written through or
 * into. A file to delete is unlinked in the held folder (a symlink there is removed itself).
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, writeSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceError } from "../errors.js";
import {
  entriesOf,
  errnoOf,
  type HeldDir,
  lstatChild,
  openChildDir,
  openChildFile,
  release,
  renameChild,
  rmdirChild,
  symlinkChild,
  unlinkChild,
} from "../held-dir.js";
import type { WalkEnd, WorkspaceWalker } from "../workspace-walk.js";

/** A file as a checkpoint recorded it: git's mode (`100644`, `100755`, `120000`) and bytes. */
interface RecordedFile {
  mode: string;
  bytes: Buffer;
}

/** Why `path` was not put back, in words that follow the path ("goes through a symlink …"). */
export function refusalOf(path: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const prefix = `path ${path} `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

function failed(path: string, what: string, error: unknown): WorkspaceError {
  const code = errnoOf(error);
  if (code === "ENOTEMPTY" || code === "EEXIST")
    return new WorkspaceError(`path ${path} is a folder with files in it now: not replaced`);
  if (code === "EISDIR") return new WorkspaceError(`path ${path} is a folder now: not ${what}`);
  return new WorkspaceError(`path ${path} cannot be ${what}: ${code ?? String(error)}`);
}

/** Make `file` under a fresh name in `dir`; returns that name. */
function writeFresh(dir: HeldDir, file: RecordedFile): string {
  const name = `.mini-codex-rewind-${randomBytes(6).toString("hex")}`;
  if (file.mode === "120000") {
    symlinkChild(dir, name, file.bytes);
    return name;
  }
  // git's own modes: 0777 or 0666 less the umask
  const mode = file.mode === "100755" ? 0o777 : 0o666;
  const fd = openChildFile(
    dir,
    name,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
    mode,
  );
  try {
    const { bytes } = file;
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at, at);
  } finally {
    closeSync(fd);
  }
  return name;
}

/** How deep a folder of empty folders may be to be removed (each level holds a descriptor). */
const EMPTY_FOLDERS_DEPTH = 32;

const notEmpty = () => Object.assign(new Error("not empty"), { code: "ENOTEMPTY" });

/** Remove the folder `name` of `dir` if it holds only folders that do (ENOTEMPTY if not). */
function removeEmptyFolders(dir: HeldDir, name: string, depth = 0): void {
  if (depth > EMPTY_FOLDERS_DEPTH) throw notEmpty();
  const inner = openChildDir(dir, name, join(dir.path, name));
  try {
    for (const entry of entriesOf(inner)) {
      if (!entry.isDirectory()) throw notEmpty();
      removeEmptyFolders(inner, entry.name, depth + 1);
    }
  } finally {
    release(inner);
  }
  rmdirChild(dir, name);
}

/**
 * Put the fresh name in place of the final one. A folder there (the turn made one where the
 * checkpoint had a file) goes first when it holds only empty folders, as the rewind's removals
 * leave it; one with files in it stays and the path is refused.
 */
function replace(end: WalkEnd, fresh: string): void {
  if (end.exists && !end.symlink && lstatChild(end.dir, end.name).isDirectory())
    removeEmptyFolders(end.dir, end.name);
  renameChild(end.dir, fresh, end.name);
}

/** Put `path` back as `file`, creating missing parent folders. */
export function writeRecorded(walker: WorkspaceWalker, path: string, file: RecordedFile): void {
  walker.at(path, true, (end) => {
    if (!end) throw new Error("unreachable: a walk that creates always ends at a name");
    let fresh: string | undefined;
    try {
      fresh = writeFresh(end.dir, file);
      replace(end, fresh);
    } catch (error) {
      if (fresh !== undefined) {
        try {
          unlinkChild(end.dir, fresh);
        } catch {
          // renamed after all, or gone
        }
      }
      throw failed(path, "restored", error);
    }
  });
}

/** Remove `path` (absent already: nothing to do). */
export function removeRecorded(walker: WorkspaceWalker, path: string): void {
  walker.at(path, false, (end) => {
    if (!end?.exists) return;
    try {
      unlinkChild(end.dir, end.name);
    } catch (error) {
      if (errnoOf(error) !== "ENOENT") throw failed(path, "removed", error);
    }
  });
}
