import { readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** True when `path` is `root` or lies below it (both absolute, normalised). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** The real path of `path`, if it exists. */
export function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function linkOf(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Where `path` would be created: its deepest existing ancestor's real path, then the rest; a
 * symbolic link to nothing leads to where its target would be (a mount there, not on the link,
 * which bwrap cannot mount over).
 */
export function realWhereMissing(path: string, hops = 0): string {
  const found = real(path);
  if (found !== undefined) return found;
  const link = hops < 16 ? linkOf(path) : undefined;
  if (link !== undefined) return realWhereMissing(resolve(dirname(path), link), hops + 1);
  const parent = dirname(path);
  return parent === path ? path : join(realWhereMissing(parent, hops), basename(path));
}
