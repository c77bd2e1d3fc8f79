/**
 * Workspace files that share their inode with another path (hard links, e.g. a pnpm store or
 * a hard-linked node_modules): written in place, they change the copy outside the workspace
 * too, so the sandbox binds them read-only (docs/config.md, "Sandbox").
 */
import type { Dirent } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { real } from "./paths.js";

/** Beyond this many read-only binds a command is refused rather than started slowly. */
export const LINKED_BIND_LIMIT = 1000;

/** Entries looked at per root (a workspace holding $HOME must not stall the first command). */
const LINK_SCAN_LIMIT = 300_000;

interface Scan {
  /** Folders holding only linked files (bound whole) and linked files in mixed folders. */
  binds: string[];
  /** The folder has a regular file that is not linked (so it cannot be bound whole). */
  mixed: boolean;
  linked: number;
}

async function isLinked(path: string): Promise<boolean> {
  return ((await lstat(path).catch(() => undefined))?.nlink ?? 1) > 1;
}

async function scan(dir: string, collapse: boolean, budget: { left: number }): Promise<Scan> {
  if (budget.left <= 0) return { binds: [], mixed: true, linked: 0 };
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => []);
  budget.left -= entries.length;
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(dir, entry.name));
  const [linkedFlags, folders] = await Promise.all([
    Promise.all(files.map(isLinked)),
    Promise.all(
      entries
        .filter((entry) => entry.isDirectory())
        .map((entry) => scan(join(dir, entry.name), true, budget)),
    ),
  ]);
  const linkedFiles = files.filter((_, i) => linkedFlags[i]);
  const linked = linkedFiles.length + folders.reduce((sum, folder) => sum + folder.linked, 0);
  const mixed = linkedFiles.length < files.length || folders.some((folder) => folder.mixed);
  // a folder of linked files only is one bind; otherwise each linked file and each folder's own
  const whole = collapse && !mixed && linked > 0;
  const binds = whole ? [dir] : [...linkedFiles, ...folders.flatMap((folder) => folder.binds)];
  return { binds, mixed, linked };
}

/** Scanned once per root and session: a confined command cannot link a file from outside. */
const known = new Map<string, Promise<string[]>>();

/**
 * What to bind read-only in the writable roots so that no hard link leads a write outside them
 * (the roots themselves are never bound whole: new files must stay possible beside the links).
 */
export async function linkedFileBinds(roots: readonly string[]): Promise<string[]> {
  const per = roots.map((given) => {
    const root = real(given) ?? given;
    let binds = known.get(root);
    if (!binds) {
      binds = scan(root, false, { left: LINK_SCAN_LIMIT }).then((result) => result.binds);
      known.set(root, binds);
    }
    return binds;
  });
  return (await Promise.all(per)).flat();
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
