import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";

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

/** Where `path` would be created: its deepest existing ancestor's real path, then the rest. */
export function realWhereMissing(path: string): string {
  const found = real(path);
  if (found !== undefined) return found;
  const parent = dirname(path);
  return parent === path ? path : join(realWhereMissing(parent), basename(path));
}
