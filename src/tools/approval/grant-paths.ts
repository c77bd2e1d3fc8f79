import { resolve } from "node:path";
import { displayPath, realLocation } from "../workspace.js";
import type { PathKey } from "./policy.js";

/**
 * How session grants name the files of a patch: the real file (symlinks followed as the
 * workspace guard follows them), relative to the real cwd when inside it, so `./a.ts`, an
 * absolute path and a symlinked folder name one file once.
 */
export async function grantPathKeys(cwd: string, paths: readonly string[]): Promise<PathKey> {
  const real = (path: string) => realLocation(path).catch(() => path);
  const realCwd = await real(resolve(cwd));
  const keys = new Map<string, string>();
  for (const path of paths) {
    keys.set(path, displayPath(await real(resolve(cwd, path)), realCwd));
  }
  return (path) => keys.get(path) ?? path;
}
