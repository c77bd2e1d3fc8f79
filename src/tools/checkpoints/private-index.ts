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
const PRIVATE = /^mini-codex-(?:restore-)?index\.(\d+)\.\d+(?:\.lock)?$/;

/** This process's private index files → whether to keep it as the shared one at exit. */
const owned = new Map<string, { gitDir: string; keep: boolean }>();
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
  for (const [path, { gitDir, keep }] of owned) {
    try {
      if (keep) renameSync(path, join(gitDir, SHARED));
      else rmSync(path, { force: true });
    } catch {
      // never written (no snapshot yet), or the folder is gone
    }
  }
  owned.clear();
}

/** The index files a new checkpoint store on `gitDir` uses: its own, never another's. */
export function privateIndexes(gitDir: string): { indexFile: string; restoreIndexFile: string } {
  sweepDead(gitDir);
  stores += 1;
  const suffix = `${process.pid}.${stores}`;
  const indexFile = join(gitDir, `${SHARED}.${suffix}`);
  const restoreIndexFile = join(gitDir, `mini-codex-restore-index.${suffix}`);
  try {
    copyFileSync(join(gitDir, SHARED), indexFile);
  } catch {
    // no shared index yet: the first `git add` hashes every file
  }
  owned.set(indexFile, { gitDir, keep: true });
  owned.set(restoreIndexFile, { gitDir, keep: false });
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", atExit);
  }
  return { indexFile, restoreIndexFile };
}
