/**
 * The index files of one shadow repository, one per checkpoint store: runs started together in
 * one workspace each `git add` into their own index (`mini-codex-index.<pid>.<n>`), so none
 * waits on or fails at another's `index.lock` (issue 43, defect 4). A private index starts as a
 * copy of the shared `mini-codex-index` (git's stat cache: files unchanged since are not hashed
 * again) and is renamed over it when the process exits, so the next run starts warm. Those a
 * killed process left are removed by the next store opened on the repository.
 */
import { copyFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { processExists } from "../process-tree.js";

const SHARED = "mini-codex-index";
/** Older versions also left `mini-codex-restore-index.<pid>.<n>` (a rewind's scratch index). */
const PRIVATE = /^mini-codex-(?:restore-)?index\.(\d+)\.\d+(?:\.lock)?$/;

/** This process's private index files → their repository (each becomes its shared one at exit). */
const owned = new Map<string, string>();
let stores = 0;
let exitHookInstalled = false;

/** Remove the private indexes (and their locks) of processes that no longer exist. */
function sweepDead(gitDir: string): void {
  let names: string[];
  try {
    names = readdirSync(gitDir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(PRIVATE.exec(name)?.[1]);
    if (!pid || pid === process.pid || processExists(pid)) continue;
    rmSync(join(gitDir, name), { force: true });
  }
}

function atExit(): void {
  for (const [path, gitDir] of owned) {
    try {
      renameSync(path, join(gitDir, SHARED));
    } catch {
      // never written (no snapshot yet), or the folder is gone
    }
  }
  owned.clear();
}

/** The index file a new checkpoint store on `gitDir` uses: its own, never another's. */
export function privateIndex(gitDir: string): string {
  sweepDead(gitDir);
  stores += 1;
  const suffix = `${process.pid}.${stores}`;
  const indexFile = join(gitDir, `${SHARED}.${suffix}`);
  try {
    copyFileSync(join(gitDir, SHARED), indexFile);
  } catch {
    // no shared index yet: the first `git add` hashes every file
  }
  owned.set(indexFile, gitDir);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", atExit);
  }
  return indexFile;
}
