/**
 * Names inside a directory this process holds open, addressed so the kernel resolves them from
 * that directory and not from a path string: the primitives of the no-follow walk
 * (workspace-walk.ts). On Linux a name is reached through `/proc/self/fd/<fd>/<name>` — the
 * magic link is the opened directory itself, so an `open`, `mkdir`, `unlink`, `rmdir`,
 * `symlink` or `rename` there acts in the directory that was opened, whatever has since been renamed or swapped for a
 * symlink above it (an openat(2) without openat in Node). On macOS, which has no such link, every
 * open carries `O_NOFOLLOW_ANY` (the kernel refuses a symlink anywhere on the path) and names are
 * addressed by the walked path string: opens stay kernel-checked, the other calls there are
 * path-based (docs/config.md, "apply_patch and symlinks"; untested here).
 */
import {
  closeSync,
  constants,
  type Dirent,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  type Stats,
  symlinkSync,
  unlinkSync,
} from "node:fs";
import { join } from "node:path";

/** An opened directory: its fd and the physical path it had when it was opened. */
export interface HeldDir {
  fd: number;
  path: string;
}

/** How names inside a held directory are addressed on this platform. */
type HeldDirMode = "proc" | "nofollow-any" | "path";

/** macOS's open(2) flag: fail with ELOOP if any component of the path is a symlink. */
const O_NOFOLLOW_ANY = 0x20000000;

/** This platform's way (Linux: /proc mounted; macOS: O_NOFOLLOW_ANY; else path strings). */
export function heldDirMode(platform: NodeJS.Platform = process.platform): HeldDirMode {
  if (platform === "linux") return "proc";
  return platform === "darwin" ? "nofollow-any" : "path";
}

let procChecked: boolean | undefined;

/** Whether /proc/self/fd can be used (checked once; Linux without /proc cannot walk). */
export function procAvailable(): boolean {
  procChecked ??= existsSync("/proc/self/fd");
  return procChecked;
}

const MODE = heldDirMode();
const ANY = MODE === "nofollow-any" ? O_NOFOLLOW_ANY : 0;

/** The path that names `name` inside `dir` for the kernel (see the header). */
function nameIn(dir: HeldDir, name: string): string {
  return MODE === "proc" ? `/proc/self/fd/${dir.fd}/${name}` : join(dir.path, name);
}

/** Open a workspace root (the user's path: symlinks in it are followed, as the user gave it). */
export function openRoot(path: string): HeldDir {
  return { fd: openSync(path, constants.O_RDONLY | constants.O_DIRECTORY), path };
}

/** Open the folder `name` in `dir` without following a symlink (ENOTDIR or ELOOP if it is one). */
export function openChildDir(dir: HeldDir, name: string, physical: string): HeldDir {
  const flags = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW | ANY;
  return { fd: openSync(nameIn(dir, name), flags), path: physical };
}

/** Open the file `name` in `dir` with `flags` plus O_NOFOLLOW (and O_NOFOLLOW_ANY on macOS). */
export function openChildFile(dir: HeldDir, name: string, flags: number, mode = 0o666): number {
  return openSync(nameIn(dir, name), flags | constants.O_NOFOLLOW | ANY, mode);
}

/** lstat of `name` in `dir` (a symlink is described, not followed). */
export function lstatChild(dir: HeldDir, name: string): Stats {
  return lstatSync(nameIn(dir, name));
}

/** The text of the symlink `name` in `dir`. */
export function readlinkChild(dir: HeldDir, name: string): string {
  return readlinkSync(nameIn(dir, name));
}

/** Make the folder `name` in `dir` (mkdir never follows a symlink at its last component). */
export function mkdirChild(dir: HeldDir, name: string): void {
  mkdirSync(nameIn(dir, name));
}

/** Remove `name` from `dir` (a symlink there is removed itself, never its target). */
export function unlinkChild(dir: HeldDir, name: string): void {
  unlinkSync(nameIn(dir, name));
}

/** The entries of a held directory, with their types (a symlink is described, not followed). */
export function entriesOf(dir: HeldDir): Dirent[] {
  return readdirSync(MODE === "proc" ? `/proc/self/fd/${dir.fd}` : dir.path, {
    withFileTypes: true,
  });
}

/** Remove the empty folder `name` from `dir` (ENOTDIR when it is a symlink or a file). */
export function rmdirChild(dir: HeldDir, name: string): void {
  rmdirSync(nameIn(dir, name));
}

/** Make `name` in `dir` a symlink whose text is `target` (nothing is opened through it). */
export function symlinkChild(dir: HeldDir, name: string, target: Buffer): void {
  symlinkSync(target, nameIn(dir, name));
}

/** Rename `from` to `to`, both in `dir`: whatever `to` names (a file, a symlink) is replaced. */
export function renameChild(dir: HeldDir, from: string, to: string): void {
  renameSync(nameIn(dir, from), nameIn(dir, to));
}

/** The errno code of a failed file-system call (`ENOENT`, …), or undefined. */
export function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Close a held directory (already closed or never opened: nothing to do). */
export function release(dir: HeldDir | undefined): void {
  if (!dir) return;
  try {
    closeSync(dir.fd);
  } catch {
    // closed already
  }
}
