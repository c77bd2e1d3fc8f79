import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** `<home>/sessions`: session files and their ledgers. */
export function sessionsDir(home: string): string {
  return join(home, "sessions");
}

/**
 * The most recently written file in `dir` whose name passes `name` and that `accept` (optional)
 * accepts: files are stat'ed, then asked about newest first, so `accept` (which may read a file)
 * runs only for the answer and the files newer than it. Undefined when there is none or no such dir.
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
  // a stable sort: of equally new files, the first listed wins (as before)
  const byAge = names
    .map((fileName) => {
      const path = join(dir, fileName);
      return { path, mtime: statSync(path).mtimeMs };
    })
    .sort((a, b) => b.mtime - a.mtime);
  return byAge.find((file) => accept(file.path))?.path;
}
