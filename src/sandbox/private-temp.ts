/**
 * Seatbelt's private temp folder: macOS cannot give a command a /tmp of its own as bubblewrap
 * does, so each session makes one folder (0700, below the real temp directory) that its
 * confined commands may write and get as TMPDIR, removed when mini-codex exits.
 */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let folder: string | undefined;

/** The session's folder, made at the first call. */
export function privateTempFolder(): string {
  if (folder) return folder;
  const made = mkdtempSync(join(realpathSync(tmpdir()), "mini-codex-tmp-"));
  folder = made;
  process.once("exit", () => rmSync(made, { recursive: true, force: true }));
  return made;
}
