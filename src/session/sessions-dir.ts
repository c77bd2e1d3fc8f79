import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** `<home>/sessions`: session files and their ledgers. */
export function sessionsDir(home: string): string {
  return join(home, "sessions");
}

/**
 * The most recently written file in `dir` whose name passes `name`; `accept` (optional) is asked
 * only about files newer than the best so far. Undefined when there is none or no such dir.
 */
export function newestFile(
  dir: string,
  name: (fileName: string) => boolean,
  accept: (path: string) => boolean = () => true,
): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir).filter(name);
  } catch {
    return undefined;
  }
  let best: { path: string; mtime: number } | undefined;
  for (const fileName of names) {
    const path = join(dir, fileName);
    const mtime = statSync(path).mtimeMs;
    if (best && mtime <= best.mtime) continue;
    if (!accept(path)) continue;
    best = { path, mtime };
  }
  return best?.path;
}
