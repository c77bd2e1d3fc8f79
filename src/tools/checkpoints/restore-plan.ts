/**
 * What a code rewind does with each path that differs between a checkpoint and the workspace now
 * (pure): `git diff-tree -r -z` raw output parsed, then each path kept (edited outside
 * mini-codex since), removed (absent from the checkpoint), written back as the checkpoint
 * recorded it (a file with its executable bit, or a symlink), or refused (a nested git
 * repository, whose files no checkpoint holds).
 */

/** Git's mode of a nested repository (a submodule, or a clone inside the workspace). */
const GITLINK = "160000";

/** One path that differs between two recorded trees. */
export interface TreeChange {
  /** `A` (not in the checkpoint), `D` (only in it), `M` (changed) or `T` (its type changed). */
  status: string;
  path: string;
  /** The entry in the checkpoint: git mode (`100644`, `100755`, `120000`) and blob id. */
  before: { mode: string; id: string };
  /** Its git mode in the workspace now (`000000`: absent). */
  afterMode: string;
}

/** A path a rewind did not put back, and why (in words that follow the path). */
export interface RefusedPath {
  path: string;
  reason: string;
}

interface RestorePlan {
  /** Changed since mini-codex's last turn ended (or between two turns): never overwritten. */
  keep: string[];
  remove: string[];
  write: TreeChange[];
  refuse: RefusedPath[];
}

/** `git diff-tree -r -z --no-renames FROM TO` (raw format) as changes, FROM being `before`. */
export function parseRawDiff(out: string): TreeChange[] {
  const parts = out.split("\0");
  const changes: TreeChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const head = parts[i] as string;
    const fields = /^:(\d{6}) (\d{6}) ([0-9a-f]+) [0-9a-f]+ ([A-Z])\d*$/.exec(head);
    if (!fields) throw new Error(`git diff-tree answered an unexpected line: ${head}`);
    const [, mode = "", afterMode = "", id = "", status = ""] = fields;
    changes.push({ status, path: parts[i + 1] as string, before: { mode, id }, afterMode });
  }
  return changes;
}

/** Sort the changes since a checkpoint into what a rewind keeps, removes, writes or refuses. */
export function planRestore(changes: readonly TreeChange[], external: ReadonlySet<string>) {
  const plan: RestorePlan = { keep: [], remove: [], write: [], refuse: [] };
  for (const change of changes) {
    const { path } = change;
    if (external.has(path)) plan.keep.push(path);
    else if (change.status === "A" && change.afterMode === GITLINK)
      plan.refuse.push({ path, reason: "is a git repository of its own: not removed" });
    else if (change.status === "A") plan.remove.push(path);
    else if (change.before.mode === GITLINK)
      plan.refuse.push({
        path,
        reason: "was a git repository of its own: no checkpoint holds its files",
      });
    else plan.write.push(change);
  }
  return plan;
}
