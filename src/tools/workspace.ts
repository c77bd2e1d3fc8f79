import { lstat, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { ProtectedPath, SandboxMode } from "../sandbox/index.js";
import { gitPaths, isInside, MASKED_HOME_PATHS, realWhereMissing } from "../sandbox/index.js";
import { WorkspaceError } from "./errors.js";

export interface WorkspaceScope {
  cwd: string;
  workspaceRoots: string[];
  sandbox: SandboxMode;
  /** Folders the sandbox hides from commands: neither read whole nor written (maskedFolders). */
  masked?: readonly string[];
  /** What runs unconfined (protectedPaths): never written unless danger-full-access. */
  protectedPaths?: readonly ProtectedPath[];
}

/** What the sandbox masks from commands: the home's credential folders and the agents' homes. */
export function maskedFolders(home: string | undefined, hiddenHomes: readonly string[]) {
  return [...(home ? MASKED_HOME_PATHS.map((path) => join(home, path)) : []), ...hiddenHomes];
}

/** A path for outputs and events: relative to cwd when inside it, absolute otherwise. */
export function displayPath(absPath: string, cwd: string): string {
  return isInside(cwd, absPath) ? relative(cwd, absPath) || "." : absPath;
}

function rootsOf(scope: WorkspaceScope): string[] {
  return scope.workspaceRoots.length > 0 ? scope.workspaceRoots : [scope.cwd];
}

async function realRoots(roots: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const root of roots) {
    out.push(root);
    try {
      out.push(await realpath(root));
    } catch {
      // a root that does not exist yet keeps only its lexical form
    }
  }
  return out;
}

/** The real location of `path`, following symlinks of its deepest existing ancestor. */
export async function realLocation(path: string): Promise<string> {
  const tail: string[] = [];
  let current = path;
  for (;;) {
    let exists = true;
    try {
      await lstat(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      exists = false;
    }
    if (exists) {
      let real: string;
      try {
        real = await realpath(current);
      } catch {
        // a dangling symlink: refuse rather than guess where a write would land
        throw new WorkspaceError(`${path} goes through a dangling symlink`);
      }
      return resolve(real, ...tail);
    }
    const parent = dirname(current);
    if (parent === current) return path;
    tail.unshift(basename(current));
    current = parent;
  }
}

/** A path inside a folder the sandbox hides is refused (credentials, $MINI_CODEX_HOME). */
async function refuseMasked(path: string, locations: string[], masked: readonly string[]) {
  for (const mask of await realRoots(masked.map((m) => resolve(m)))) {
    if (locations.some((location) => isInside(mask, location))) {
      throw new WorkspaceError(`path ${path} is in ${mask}, which the sandbox hides`);
    }
  }
}

/**
 * Resolve a path the model gave for a file it wants to read whole (view_image): inside the
 * workspace exactly as a patch path must be, and, unless danger-full-access, never inside a
 * folder the sandbox masks from commands (`masked`: credentials, $MINI_CODEX_HOME). Returns
 * the real location checked: open that one (`openCheckedFile`), never the path as written,
 * whose symlinks may point elsewhere by then.
 */
export async function resolveReadablePath(
  path: string,
  scope: WorkspaceScope,
  masked: readonly string[],
): Promise<string> {
  const { abs, real } = await locateInWorkspace(path, scope, "workspace roots");
  if (scope.sandbox !== "danger-full-access") await refuseMasked(path, [real, abs], masked);
  return real;
}

/** The absolute and real location of a model's path, refused when either leaves the roots. */
async function locateInWorkspace(path: string, scope: WorkspaceScope, rootsLabel: string) {
  if (path.trim() === "") throw new WorkspaceError("empty path");
  if (path.includes("\0")) throw new WorkspaceError(`path ${JSON.stringify(path)} contains NUL`);
  const abs = resolve(scope.cwd, path);
  const roots = rootsOf(scope);
  if (!roots.some((root) => isInside(resolve(root), abs))) {
    const how = isAbsolute(path) ? "is outside the workspace" : "escapes the workspace";
    throw new WorkspaceError(`path ${path} ${how} (${rootsLabel}: ${roots.join(", ")})`);
  }
  const real = await realLocation(abs);
  const allowed = await realRoots(roots);
  if (!allowed.some((root) => isInside(root, real))) {
    throw new WorkspaceError(`path ${path} goes through a symlink that leaves the workspace`);
  }
  return { abs, real, allowed };
}

/**
 * Why a write at `physical` is refused, or undefined: the sandbox's refusals as a predicate the
 * no-follow walk (workspace-walk.ts) consults on the physical path it walked — never on the
 * path as the model wrote it. `physical` is a real path (every component walked without
 * following a symlink from a root's real path). The text follows "path <as written> ".
 */
export type WriteGuard = (physical: string) => string | undefined;

/** Why `physical` may not be written because what it would change runs unconfined, or undefined. */
function unconfinedReason(
  physical: string,
  guarded: ProtectedPath,
  forms: readonly string[],
  cwd: string,
): string | undefined {
  if (!forms.some((form) => isInside(form, physical))) return undefined;
  const shown = displayPath(guarded.path, cwd);
  const what =
    guarded.kind === "agent-folder"
      ? `inside ${shown}, whose hooks, rules, skills and prompts mini-codex runs unconfined`
      : forms.includes(physical)
        ? "a file a trusted hook runs unconfined"
        : `inside ${shown}, which a trusted hook runs unconfined`;
  return `is ${what}: writing it is refused unless -s danger-full-access`;
}

/**
 * The writes the sandbox forbids even inside the workspace, unless danger-full-access: into a
 * folder the sandbox hides from commands (`scope.masked`: credentials, $MINI_CODEX_HOME), into
 * what runs unconfined (`scope.protectedPaths`: a `.codex`/`.agents` folder, a file a trusted
 * hook runs; each compared as written and where it leads, a missing one where it would be
 * created) and into git's own files (a hook or `core.fsmonitor` runs commands on the next git
 * call) — any `.git`, and what the sandbox binds read-only (`gitPaths`: a `gitdir:` target, a
 * worktree's shared repository). Hard-linked files are refused where they are opened
 * (apply-patch/walked-files.ts: their link count).
 */
export function writeGuard(scope: WorkspaceScope): WriteGuard {
  if (scope.sandbox === "danger-full-access") return () => undefined;
  const bothForms = (path: string) => [
    ...new Set([resolve(path), realWhereMissing(resolve(path))]),
  ];
  const masks = [...new Set((scope.masked ?? []).flatMap(bothForms))];
  const unconfined = (scope.protectedPaths ?? []).map((guarded) => ({
    guarded,
    forms: bothForms(guarded.path),
  }));
  const roots = [...new Set(rootsOf(scope).map((root) => realWhereMissing(resolve(root))))];
  const gitOwn = [...new Set(roots.flatMap(gitPaths))];
  return (physical) => {
    const mask = masks.find((m) => isInside(m, physical));
    if (mask) return `is in ${mask}, which the sandbox hides`;
    for (const { guarded, forms } of unconfined) {
      const reason = unconfinedReason(physical, guarded, forms, scope.cwd);
      if (reason) return reason;
    }
    const inDotGit = roots.some(
      (root) => isInside(root, physical) && relative(root, physical).split(sep).includes(".git"),
    );
    const named = gitOwn.find((own) => isInside(own, physical));
    if (!inDotGit && !named) return undefined;
    const where = named && !inDotGit ? `git's own files (${named})` : ".git";
    return `is inside ${where}: writing there is refused unless -s danger-full-access`;
  };
}

/** A directory for running a command: inside the workspace unless danger-full-access. */
export async function resolveWorkdir(
  workdir: string | undefined,
  scope: WorkspaceScope,
): Promise<string> {
  const abs = resolve(scope.cwd, workdir ?? ".");
  if (scope.sandbox === "danger-full-access") return abs;
  const roots = rootsOf(scope);
  const real = await realLocation(abs);
  const allowed = await realRoots(roots);
  if (!allowed.some((root) => isInside(root, real))) {
    throw new WorkspaceError(
      `workdir ${workdir ?? "."} is outside the workspace (roots: ${roots.join(", ")}); sandbox is ${scope.sandbox}`,
    );
  }
  return abs;
}
