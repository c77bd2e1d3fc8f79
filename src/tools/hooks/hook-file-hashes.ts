import { createHash } from "node:crypto";
import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { type CoveredPaths, inside } from "./hook-files.js";

/**
 * Each covered file's SHA-256; `null` for one that is not there, `not-a-file` for something that
 * is neither a file nor a folder (a FIFO: never read).
 */
export type FileHashes = Record<string, string | null>;

/** Why a hook's files cannot all be covered: trust would cover only part of what it runs. */
export type Uncovered =
  | { path: string; why: "files"; limit: number }
  | { path: string; why: "bytes"; limit: number }
  | { path: string; why: "leaves"; target: string };

/** What hashing a hook's covered paths found. */
interface CoveredHashes {
  files: FileHashes;
  /** Empty when everything it covers was hashed whole. */
  uncovered: Uncovered[];
}

/** A covered folder with more files than this is too large to hash (the hook is uncovered). */
export const FOLDER_FILE_LIMIT = 1000;
/** … and one holding more bytes than this (a single covered file too). */
const COVERED_BYTE_LIMIT = 32 * 1024 * 1024;
/** Folders a covered folder's walk never enters (git's, packages, Python's byte-code cache). */
const SKIPPED = new Set([".git", "node_modules", "__pycache__"]);

const NOT_A_FILE = "not-a-file";

function real(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** What a real path holds: its hash and size, or a folder. */
function read(path: string): { folder: true } | { hash: string | null; size: number } {
  let info: import("node:fs").Stats;
  try {
    info = statSync(path);
  } catch {
    return { hash: null, size: 0 };
  }
  if (info.isDirectory()) return { folder: true };
  if (!info.isFile()) return { hash: NOT_A_FILE, size: 0 };
  if (info.size > COVERED_BYTE_LIMIT) return { hash: NOT_A_FILE, size: info.size };
  try {
    return { hash: createHash("sha256").update(readFileSync(path)).digest("hex"), size: info.size };
  } catch {
    return { hash: null, size: 0 };
  }
}

/**
 * Read and hash what a hook's trust covers, following symbolic links that stay inside `areas`
 * (the project, the hooks.json's folder); a link that leaves them, a folder of more than
 * FOLDER_FILE_LIMIT files or COVERED_BYTE_LIMIT bytes, or a larger file, is `uncovered`: never
 * partly covered. A folder that is not there adds nothing.
 */
export function hashCovered(covered: CoveredPaths, areas: readonly string[]): CoveredHashes {
  const realAreas = areas.map((area) => real(area) ?? area);
  const out: CoveredHashes = { files: {}, uncovered: [] };
  /** The real path of a covered path, or undefined when it leaves the areas (then uncovered). */
  const followed = (path: string): string | null | undefined => {
    const found = real(path);
    if (found === undefined) return null;
    if (realAreas.some((area) => inside(found, area))) return found;
    out.uncovered.push({ path, why: "leaves", target: found });
    return undefined;
  };
  for (const file of covered.files) {
    const at = followed(file);
    if (at === undefined) continue;
    const found = at === null ? { hash: null, size: 0 } : read(at);
    if ("folder" in found) continue; // a folder since coveredPaths looked: the next look asks
    if (found.size > COVERED_BYTE_LIMIT)
      out.uncovered.push({ path: file, why: "bytes", limit: COVERED_BYTE_LIMIT });
    out.files[file] = found.hash;
  }
  for (const folder of covered.folders) {
    const at = followed(folder);
    if (typeof at !== "string") continue;
    const walk = { files: 0, bytes: 0, visited: new Set([at]), over: false };
    walkFolder(folder, walk, followed, out);
    if (walk.files > FOLDER_FILE_LIMIT)
      out.uncovered.push({ path: folder, why: "files", limit: FOLDER_FILE_LIMIT });
    else if (walk.bytes > COVERED_BYTE_LIMIT)
      out.uncovered.push({ path: folder, why: "bytes", limit: COVERED_BYTE_LIMIT });
  }
  return out;
}

interface Walk {
  files: number;
  bytes: number;
  /** Real folders entered (a link back up is not walked twice). */
  visited: Set<string>;
  over: boolean;
}

/** A folder's files, sorted, depth first, links followed while they stay inside the areas. */
function walkFolder(
  folder: string,
  walk: Walk,
  followed: (path: string) => string | null | undefined,
  out: CoveredHashes,
): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (walk.over) return;
    const path = join(folder, entry.name);
    let at: string | null | undefined = path;
    if (entry.isSymbolicLink()) {
      at = followed(path);
      if (at === undefined) continue;
      if (at === null) {
        out.files[path] = null; // a link to nothing: recorded as missing
        continue;
      }
    }
    const found = read(at);
    if ("folder" in found) {
      if (SKIPPED.has(entry.name) || walk.visited.has(real(at) ?? at)) continue;
      walk.visited.add(real(at) ?? at);
      walkFolder(path, walk, followed, out);
      continue;
    }
    walk.files += 1;
    walk.bytes += found.size;
    if (walk.files > FOLDER_FILE_LIMIT || walk.bytes > COVERED_BYTE_LIMIT) {
      walk.over = true;
      return;
    }
    out.files[path] = found.hash;
  }
}

/** What a path is, links followed (for `HookFileFacts.kindOf`). */
export function kindOf(path: string): "folder" | "file" | undefined {
  try {
    return statSync(path).isDirectory() ? "folder" : "file";
  } catch {
    return undefined;
  }
}
