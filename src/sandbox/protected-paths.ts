/**
 * What runs unconfined may not be written by confined code: the paths inside the writable roots
 * that the shell sandbox keeps read-only and apply_patch refuses (docs/config.md, "Sandbox"),
 * as data computed once per session from the roots and the trusted hooks (pure).
 */
import { dirname, join, resolve } from "node:path";
import { isInside } from "./paths.js";

/** The project folders mini-codex reads hooks, rules, skills and prompts from. */
const AGENT_FOLDERS = [".codex", ".agents"] as const;

/** One protected path and why (the refusal names it). */
export interface ProtectedPath {
  /** Absolute, as written (the sandbox and apply_patch resolve it themselves). */
  path: string;
  /**
   * `agent-folder`: a `.codex`/`.agents` folder, kept read-only even before it exists (nothing
   * may be created there); `hook-file`: a file or folder a trusted hook runs (or its hooks.json).
   */
  kind: "agent-folder" | "hook-file";
}

interface ProtectedInput {
  /** The writable roots: cwd and each --add-dir (absolute). */
  roots: readonly string[];
  /** Where the session runs, and its project (the git root of cwd, else cwd). */
  cwd: string;
  projectRoot: string;
  /** Every file and folder a trusted hook's command runs, and its hooks.json (absolute). */
  hookPaths: readonly string[];
}

/** The folders from `top` down to `bottom` (both included), when `bottom` is below `top`. */
function foldersDown(top: string, bottom: string): string[] {
  if (!isInside(top, bottom)) return [bottom];
  const folders: string[] = [];
  for (let at = bottom; ; at = dirname(at)) {
    folders.push(at);
    if (at === top || dirname(at) === at) return folders;
  }
}

/**
 * The protected paths that lie inside a root: `.codex` and `.agents` of each root and of every
 * folder from the project down to cwd (where hooks.json, rules, prompts and skills are read),
 * and every path a trusted hook runs.
 */
export function protectedPaths(input: ProtectedInput): ProtectedPath[] {
  const roots = input.roots.map((root) => resolve(root));
  const inRoot = (path: string) => roots.some((root) => isInside(root, path));
  const places = new Set([
    ...roots,
    ...foldersDown(resolve(input.projectRoot), resolve(input.cwd)),
  ]);
  const out = new Map<string, ProtectedPath>();
  for (const place of places)
    for (const folder of AGENT_FOLDERS) {
      const path = join(place, folder);
      if (inRoot(path)) out.set(path, { path, kind: "agent-folder" });
    }
  for (const given of input.hookPaths) {
    const path = resolve(given);
    const covered = [...out.values()].some(
      (known) => known.kind === "agent-folder" && isInside(known.path, path),
    );
    if (inRoot(path) && !covered && !out.has(path)) out.set(path, { path, kind: "hook-file" });
  }
  return [...out.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
