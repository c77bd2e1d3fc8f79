import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { CoveredPaths } from "./hook-files.js";

/** Each covered file's SHA-256, `null` for one that is not there (path → hash). */
export type FileHashes = Record<string, string | null>;

/** At most this many files of a covered folder are read (the rest: see docs/config.md, Hooks). */
export const FOLDER_FILE_LIMIT = 256;
/** Folders a covered folder's walk never enters. */
const SKIPPED = new Set([".git", "node_modules"]);

function hashOf(path: string): string | null {
  try {
    return createHash("sha256").update(readFileSync(path)).digest("hex");
  } catch {
    return null;
  }
}

/** A folder's files, sorted, depth first, symbolic links to folders not followed. */
function folderFiles(folder: string, out: string[]): void {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (out.length >= FOLDER_FILE_LIMIT) return;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) folderFiles(path, out);
    } else if (entry.isFile() || (entry.isSymbolicLink() && isFile(path))) out.push(path);
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Read and hash what a hook's trust covers (a folder that is not there adds nothing). */
export function hashCovered(covered: CoveredPaths): FileHashes {
  const hashes: FileHashes = {};
  for (const file of covered.files) hashes[file] = hashOf(file);
  for (const folder of covered.folders) {
    const files: string[] = [];
    folderFiles(folder, files);
    for (const file of files) hashes[file] = hashOf(file);
  }
  return hashes;
}

/** Whether a path is a folder (for `HookFileFacts.isFolder`). */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
