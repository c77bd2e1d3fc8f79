/**
 * apply_patch's reads and writes, each done on what the no-follow walk reached
 * (../workspace-walk.ts): the final name opened with O_NOFOLLOW in the folder the walk holds
 * (O_CREAT|O_EXCL for a file that was absent), removed there by unlink, its link count and type
 * checked on the opened file itself. A final name that became a symlink since the walk (ELOOP)
 * walks again; nothing here opens a path string the kernel would resolve afresh.
 */
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  ftruncateSync,
  readFileSync,
  type Stats,
  writeSync,
} from "node:fs";
import { PatchError, WorkspaceError } from "../errors.js";
import { errnoOf, openChildFile, unlinkChild } from "../held-dir.js";
import { PathChanged, type WalkEnd, type WorkspaceWalker } from "../workspace-walk.js";

/** A file as it was before the patch. */
export interface Original {
  bytes: Buffer;
  /** Permission bits (a moved file keeps them). */
  mode: number;
}

/** How a file is named in errors: the path as written and as shown. */
export interface FileNames {
  abs: string;
  asked: string;
  shown: string;
}

/** Refuse a file with more than one link (writing it changes the other copies too). */
function checkOpened(info: Stats, names: FileNames, refuseLinked: boolean): void {
  if (info.isDirectory()) throw new PatchError(`${names.shown} is a directory`);
  if (!info.isFile()) throw new PatchError(`${names.shown} is not a regular file`);
  if (refuseLinked && info.nlink > 1) {
    throw new WorkspaceError(
      `path ${names.asked} has ${info.nlink} hard links (one may be outside the workspace): writing it is refused unless -s danger-full-access`,
    );
  }
}

/** Open the walked file with `flags`; a symlink or nothing there by now: walk again. */
function openWalked(end: WalkEnd, flags: number, names: FileNames): number {
  try {
    return openChildFile(end.dir, end.name, flags | constants.O_NONBLOCK);
  } catch (error) {
    const code = errnoOf(error);
    if (code === "ELOOP" || code === "ENOENT") throw new PathChanged();
    if (code === "EEXIST") {
      throw new PatchError(`${names.shown} appeared after the patch was checked`);
    }
    if (code === "EISDIR") throw new PatchError(`${names.shown} is a directory`);
    throw new PatchError(`cannot open ${names.shown}: ${code ?? String(error)}`);
  }
}

/** The file's bytes and mode before the patch; undefined when absent. */
export function readOriginal(
  walker: WorkspaceWalker,
  names: FileNames,
  refuseLinked: boolean,
): Original | undefined {
  return walker.at(names.asked, false, (end) => {
    if (!end?.exists) return undefined;
    // non-blocking: a named pipe in the workspace must not hold the patch
    const fd = openWalked(end, constants.O_RDONLY, names);
    try {
      const info = fstatSync(fd);
      checkOpened(info, names, refuseLinked);
      return { bytes: readFileSync(fd), mode: info.mode & 0o7777 };
    } finally {
      closeSync(fd);
    }
  });
}

/**
 * Write `content` as the whole file. `fresh`: the file was absent when the patch was checked,
 * so it is created only if still absent (O_EXCL); else the file there is rewritten in place.
 * `mode`: permission bits to set (a moved file's).
 */
export function writeWalked(
  walker: WorkspaceWalker,
  names: FileNames,
  content: string | Buffer,
  how: { fresh: boolean; refuseLinked: boolean; mode?: number },
): void {
  walker.at(names.asked, true, (end) => {
    if (!end) throw new Error("unreachable: a walk that creates always ends at a name");
    const create = how.fresh ? constants.O_CREAT | constants.O_EXCL : constants.O_CREAT;
    const fd = openWalked(end, constants.O_WRONLY | create, names);
    try {
      checkOpened(fstatSync(fd), names, how.refuseLinked);
      ftruncateSync(fd, 0);
      const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at, at);
      if (how.mode !== undefined) fchmodSync(fd, how.mode);
    } finally {
      closeSync(fd);
    }
  });
}

/** Remove the file (absent already: nothing to do). */
export function removeWalked(walker: WorkspaceWalker, names: FileNames): void {
  walker.at(names.asked, false, (end) => {
    if (!end?.exists) return;
    try {
      unlinkChild(end.dir, end.name);
    } catch (error) {
      if (errnoOf(error) === "ENOENT") return;
      throw error;
    }
  });
}
