/**
 * Workspace files that share their inode with another path (hard links, e.g. a pnpm store or
 * a hard-linked node_modules): written in place, they change the copy outside the workspace
 * too, so the sandbox binds them read-only (docs/config.md, "Sandbox").
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Beyond this many read-only binds a command is refused rather than started slowly. */
export const LINKED_BIND_LIMIT = 4000;

interface Scan {
  /** Folders holding only linked files (bound whole) and linked files in mixed folders. */
  binds: string[];
  /** The folder has a regular file that is not linked (so it cannot be bound whole). */
  mixed: boolean;
  linked: number;
}

function scan(dir: string, collapse: boolean): Scan {
  const out: Scan = { binds: [], mixed: false, linked: 0 };
  const files: string[] = [];
  const folders: Scan[] = [];
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) folders.push(scan(path, true));
    else if (!entry.isFile()) continue;
    else if ((lstatSync(path, { throwIfNoEntry: false })?.nlink ?? 1) > 1) files.push(path);
    else out.mixed = true;
  }
  out.linked = files.length + folders.reduce((sum, folder) => sum + folder.linked, 0);
  out.mixed ||= folders.some((folder) => folder.mixed);
  // a folder of linked files only is one bind; otherwise each linked file and each folder's own
  const whole = collapse && !out.mixed && out.linked > 0;
  out.binds = whole ? [dir] : [...files, ...folders.flatMap((folder) => folder.binds)];
  return out;
}

/** Scanned once per root and session: a confined command cannot link a file from outside. */
const known = new Map<string, string[]>();

/** What to bind read-only in a writable root so no hard link leads a write outside it. */
export function linkedFileBinds(root: string): string[] {
  let binds = known.get(root);
  if (!binds) {
    // the root itself is never bound whole: new files must stay possible beside the links
    binds = scan(root, false).binds;
    known.set(root, binds);
  }
  return binds;
}

/** Why a command is refused when the workspace holds more linked files than can be bound. */
export function tooManyLinksMessage(count: number): string {
  return [
    `sandbox refused: ${count} files or folders of the workspace are hard links (a pnpm store or a`,
    "hard-linked copy?) and writing them would change the files they are linked to outside the",
    `workspace; more than ${LINKED_BIND_LIMIT} cannot be made read-only. Replace the links with`,
    "copies (pnpm: package-import-method=copy), or run with -s danger-full-access.",
  ].join(" ");
}
