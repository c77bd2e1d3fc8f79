/**
 * The no-follow walk of a path the model gave (apply_patch's files): from a workspace root held
 * open, one component at a time, each opened without following a symlink (held-dir.ts), so the
 * kernel resolves every name in the folder the walk holds and no check-then-use window exists. A
 * symlink met on the way is not opened: its target is walked again from a root by the same rule
 * (a link that stays inside keeps working; one whose target leaves every root is refused with its
 * name). A walker made with `links: "never"` (a code rewind's) follows no symlink at all: one on
 * the way is refused with its name, one at the final name is that name itself (replaced or
 * removed, never written through). What the walk reaches — a held parent folder and a final name
 * in it — is what the caller then reads, creates or removes. The sandbox's refusals (`.git`, hidden folders) are a
 * predicate (`WriteGuard`) consulted on the walked physical path before anything is created.
 */
import { realpathSync, type Stats } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { isInside } from "../sandbox/index.js";
import { WorkspaceError } from "./errors.js";
import {
  errnoOf,
  type HeldDir,
  heldDirMode,
  lstatChild,
  mkdirChild,
  openChildDir,
  openRoot,
  procAvailable,
  readlinkChild,
  release,
} from "./held-dir.js";
import { displayPath, type WorkspaceScope, type WriteGuard } from "./workspace.js";

/** Symlinks followed (and walks restarted because a name changed under the walk) before giving up. */
const MAX_WALK_HOPS = 40;

/** Where a walk ended: the held parent folder, the final name in it, and the physical path. */
export interface WalkEnd {
  dir: HeldDir;
  name: string;
  path: string;
  /** Whether the final name existed when walked. */
  exists: boolean;
  /** The final name is a symlink (only with `links: "never"`; else links are followed). */
  symlink: boolean;
}

/** Whether a walk follows a symlink that stays inside the workspace (apply_patch) or none (rewind). */
type LinkRule = "follow-inside" | "never";

/** A name changed between two steps of the walk (a folder became a symlink): walk again. */
export class PathChanged extends Error {
  constructor() {
    super("a path changed while it was walked");
    this.name = "PathChanged";
  }
}

interface Root {
  /** The root as given (absolute): opened following its own symlinks, as the user named it. */
  given: string;
  /** Its real path: the walked physical paths start here. */
  real: string;
}

/** Where a walk goes next after meeting a symlink. */
interface LinkStep {
  next: string;
  /** How many trailing components of `next` may be missing (the model's own, never a link's). */
  creatable: number;
  via: string;
  text: string;
}

type Descent = { end: WalkEnd } | { absent: string } | { link: LinkStep };

const isGone = (error: unknown) => {
  const code = errnoOf(error);
  return code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "EINVAL";
};

/** The walks of one patch: its roots, the guard and the display of its links, computed once. */
export class WorkspaceWalker {
  private readonly roots: Root[];
  private readonly realCwd: string;

  constructor(
    private readonly scope: WorkspaceScope,
    private readonly guard: WriteGuard,
    private readonly links: LinkRule = "follow-inside",
  ) {
    if (heldDirMode() === "proc" && !procAvailable()) {
      throw new WorkspaceError(
        "paths are walked through /proc/self/fd, and /proc is not mounted: no file was written",
      );
    }
    const given = scope.workspaceRoots.length > 0 ? scope.workspaceRoots : [scope.cwd];
    this.roots = given.map((root) => ({ given: resolve(root), real: realOr(resolve(root)) }));
    this.realCwd = realOr(resolve(scope.cwd));
  }

  /**
   * Run `use` on where `asked` leads. `create`: make the missing parent folders (after the
   * guard agreed), else a missing parent means the file is absent (`use` gets undefined). A
   * PathChanged from the walk or from `use` (a final name that became a symlink: ELOOP under
   * O_NOFOLLOW) walks again, at most MAX_WALK_HOPS times in all. The held folder is closed after.
   */
  at<T>(asked: string, create: boolean, use: (end: WalkEnd | undefined) => T): T {
    for (let hops = 0; hops <= MAX_WALK_HOPS; hops++) {
      let end: WalkEnd | undefined;
      try {
        const walked = this.walk(asked, create, MAX_WALK_HOPS - hops);
        end = "end" in walked ? walked.end : undefined;
        return use(end);
      } catch (error) {
        if (!(error instanceof PathChanged)) throw error;
      } finally {
        release(end?.dir);
      }
    }
    throw tooManyHops(asked);
  }

  /** Follow `asked` to a final name, a link at a time; `hops`: links still allowed. */
  private walk(
    asked: string,
    create: boolean,
    hops: number,
  ): { end: WalkEnd } | { absent: string } {
    if (asked.trim() === "") throw new WorkspaceError("empty path");
    if (asked.includes("\0"))
      throw new WorkspaceError(`path ${JSON.stringify(asked)} contains NUL`);
    let target = resolve(this.scope.cwd, asked);
    if (!this.rootOf(target)) {
      const how = isAbsolute(asked) ? "is outside the workspace" : "escapes the workspace";
      const roots = this.roots.map((root) => root.given).join(", ");
      throw new WorkspaceError(`path ${asked} ${how} (writable roots: ${roots})`);
    }
    let creatable = Number.POSITIVE_INFINITY;
    for (let followed = 0; followed <= hops; followed++) {
      const found = this.rootOf(target);
      if (!found) throw new Error("unreachable: every target is checked to be inside a root");
      const descent = this.descend(asked, found.root, found.names, creatable, create);
      if (!("link" in descent)) return descent;
      const { link } = descent;
      const shown = `${this.shown(link.via)} -> ${link.text}`;
      if (!this.rootOf(link.next)) {
        throw new WorkspaceError(
          `path ${asked} goes through a symlink that leaves the workspace: ${shown}`,
        );
      }
      if (this.links === "never") {
        throw new WorkspaceError(
          `path ${asked} goes through a symlink, which is not followed: ${shown}`,
        );
      }
      target = link.next;
      creatable = link.creatable;
    }
    throw tooManyHops(asked);
  }

  /** Walk `names` below `root`, each component opened with O_NOFOLLOW. */
  private descend(
    asked: string,
    root: Root,
    names: string[],
    creatable: number,
    create: boolean,
  ): Descent {
    if (names.length === 0)
      throw new WorkspaceError(`path ${asked} is a workspace root, not a file`);
    let dir = openHeldRoot(root);
    try {
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        const physical = join(dir.path, name);
        const info = lstatOrAbsent(dir, name);
        const last = i === names.length - 1;
        if (info?.isSymbolicLink() && !(last && this.links === "never")) {
          const rest = names.slice(i + 1);
          const text = readLink(dir, name);
          release(dir);
          const next = resolve(dir.path, text, ...rest);
          return {
            link: { next, creatable: Math.min(creatable, rest.length), via: physical, text },
          };
        }
        const missing = names.length - i;
        if (info === undefined && missing > creatable) {
          throw new WorkspaceError(`path ${asked} goes through a dangling symlink`);
        }
        if (info === undefined || last) {
          const end = join(dir.path, ...names.slice(i));
          const refused = this.guard(end);
          if (refused) throw new WorkspaceError(`path ${asked} ${refused}`);
          if (info === undefined && !last && !create) {
            release(dir);
            return { absent: end };
          }
          for (const folder of names.slice(i, -1)) dir = makeFolder(dir, folder);
          const exists = info !== undefined;
          const symlink = info?.isSymbolicLink() === true;
          return { end: { dir, name: names.at(-1) as string, path: end, exists, symlink } };
        }
        if (!info.isDirectory()) {
          // a file where a folder should be: nothing to read there, and writing fails
          if (!create) {
            release(dir);
            return { absent: join(dir.path, ...names.slice(i)) };
          }
          throw new WorkspaceError(`path ${asked}: ${this.shown(physical)} is not a folder`);
        }
        dir = descendInto(dir, name, physical);
      }
    } catch (error) {
      release(dir);
      throw error;
    }
    throw new Error("unreachable: the last name returns");
  }

  /** The root holding `target` (as given or as real) and the names below it. */
  private rootOf(target: string): { root: Root; names: string[] } | undefined {
    for (const root of this.roots) {
      for (const form of [root.real, root.given]) {
        if (!isInside(form, target)) continue;
        return {
          root,
          names: relative(form, target)
            .split(sep)
            .filter((n) => n !== ""),
        };
      }
    }
    return undefined;
  }

  private shown(physical: string): string {
    return displayPath(physical, this.realCwd);
  }
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path; // a root that does not exist yet keeps only its lexical form
  }
}

function tooManyHops(asked: string): WorkspaceError {
  return new WorkspaceError(
    `path ${asked} goes through more than ${MAX_WALK_HOPS} symlinks, or kept changing while it was walked`,
  );
}

function openHeldRoot(root: Root): HeldDir {
  try {
    return { ...openRoot(root.given), path: root.real };
  } catch (error) {
    throw new WorkspaceError(`workspace root ${root.given} cannot be opened (${errnoOf(error)})`);
  }
}

function lstatOrAbsent(dir: HeldDir, name: string): Stats | undefined {
  try {
    return lstatChild(dir, name);
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return undefined;
    throw error;
  }
}

function readLink(dir: HeldDir, name: string): string {
  try {
    return readlinkChild(dir, name);
  } catch (error) {
    if (isGone(error)) throw new PathChanged(); // replaced by a folder or removed: walk again
    throw error;
  }
}

/** Open the folder `name` in `dir` (closing `dir`); a symlink there by now: walk again. */
function descendInto(dir: HeldDir, name: string, physical: string): HeldDir {
  let next: HeldDir;
  try {
    next = openChildDir(dir, name, physical);
  } catch (error) {
    if (isGone(error)) throw new PathChanged();
    throw error;
  }
  release(dir);
  return next;
}

/** Make the folder `name` in `dir` and open it; one made by someone else meanwhile: walk again. */
function makeFolder(dir: HeldDir, name: string): HeldDir {
  try {
    mkdirChild(dir, name);
  } catch (error) {
    if (errnoOf(error) === "EEXIST") throw new PathChanged();
    throw error;
  }
  return descendInto(dir, name, join(dir.path, name));
}
