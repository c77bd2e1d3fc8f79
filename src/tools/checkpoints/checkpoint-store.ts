import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { privateIndexes } from "./private-index.js";
import { initShadowRepo, type ShadowRepo, shadowGit } from "./shadow-git.js";

/** Workspaces larger than this are not checkpointed (a clear note says so). */
export const CHECKPOINT_CAP_BYTES = 200 * 1024 * 1024;

export type Snapshot = { tree: string } | { skipped: string };

/** What a code rewind did: files put back, files removed, files left alone (edited outside). */
export interface CodeRewind {
  restored: string[];
  removed: string[];
  /** Changed since the last turn of mini-codex ended: edited by hand; never overwritten. */
  keptExternal: string[];
}

interface Change {
  status: string;
  path: string;
}

/**
 * Checkpoints of a workspace in a shadow repository under `$MINI_CODEX_HOME/checkpoints`, with
 * its own GIT_DIR and index: the user's history, index, stash and branches are never touched.
 * Untracked files are recorded, ignored ones (the workspace's .gitignore) are not.
 */
export class CheckpointStore {
  /** This store's git calls, one at a time (its own index has one lock). */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly repo: ShadowRepo,
    private readonly restoreIndexFile: string,
  ) {}

  static async open(home: string, workspace: string): Promise<CheckpointStore> {
    const real = realpathSync(workspace);
    const name = createHash("sha256").update(real).digest("hex").slice(0, 16);
    const gitDir = join(home, "checkpoints", `${name}.git`);
    if (!existsSync(join(gitDir, "HEAD"))) await createShadowRepo(gitDir);
    // an index per store: runs started together never meet on one index.lock
    const { indexFile, restoreIndexFile } = privateIndexes(gitDir);
    return new CheckpointStore({ gitDir, workTree: real, indexFile }, restoreIndexFile);
  }

  /** Run `step` after this store's earlier git calls ended. */
  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => {});
    return next;
  }

  /** Record the workspace now: its tree id, or why it was not recorded (too big). */
  snapshot(capBytes = CHECKPOINT_CAP_BYTES): Promise<Snapshot> {
    return this.serial(() => this.record(capBytes));
  }

  private async record(capBytes: number): Promise<Snapshot> {
    const listed = await shadowGit(this.repo, ["add", "--all", "--dry-run", "--ignore-errors"]);
    let bytes = 0;
    for (const line of listed.split("\n")) {
      const path = /^add '(.*)'$/.exec(line)?.[1];
      if (!path) continue;
      try {
        bytes += statSync(join(this.repo.workTree, path)).size;
      } catch {
        // gone meanwhile
      }
    }
    if (bytes > capBytes) {
      const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
      return {
        skipped: `the workspace's changed files take ${mb(bytes)}, over the ${mb(capBytes)} checkpoint cap: no checkpoint, so no code rewind to this point`,
      };
    }
    await shadowGit(this.repo, ["add", "--all", "--ignore-errors"]);
    return { tree: (await shadowGit(this.repo, ["write-tree"])).trim() };
  }

  /** The unified diff from one recorded tree to another (what a code rewind would undo, reversed). */
  async diff(from: string, to: string): Promise<string> {
    return shadowGit(this.repo, [
      "diff-tree",
      "-r",
      "-p",
      "--no-ext-diff",
      "--no-textconv",
      "--no-renames",
      from,
      to,
    ]);
  }

  /** The paths that differ between two recorded trees. */
  async changedPaths(from: string, to: string): Promise<string[]> {
    return (await this.changes(from, to)).map((change) => change.path);
  }

  private async changes(from: string, to: string): Promise<Change[]> {
    const out = await shadowGit(this.repo, [
      "diff-tree",
      "-r",
      "-z",
      "--no-renames",
      "--name-status",
      from,
      to,
    ]);
    const parts = out.split("\0").filter((part) => part !== "");
    const changes: Change[] = [];
    for (let i = 0; i + 1 < parts.length; i += 2)
      changes.push({ status: parts[i] as string, path: parts[i + 1] as string });
    return changes;
  }

  /**
   * Put the files changed since `checkpoint` back as they were, except those changed since
   * `lastKnown` (the workspace when mini-codex's last turn ended) and those in `editedOutside`
   * (changed between two earlier turns): edited outside, kept.
   */
  async restore(
    checkpoint: string,
    lastKnown: string,
    editedOutside: Iterable<string> = [],
  ): Promise<CodeRewind> {
    const now = await this.snapshot(Number.POSITIVE_INFINITY);
    return this.serial(() => this.putBack(checkpoint, lastKnown, editedOutside, now));
  }

  private async putBack(
    checkpoint: string,
    lastKnown: string,
    editedOutside: Iterable<string>,
    now: Snapshot,
  ): Promise<CodeRewind> {
    if (!("tree" in now)) throw new Error(now.skipped);
    const external = new Set([...editedOutside, ...(await this.changedPaths(lastKnown, now.tree))]);
    const result: CodeRewind = { restored: [], removed: [], keptExternal: [] };
    const back: string[] = [];
    for (const change of await this.changes(checkpoint, now.tree)) {
      if (external.has(change.path)) result.keptExternal.push(change.path);
      else if (change.status === "A") {
        unlinkSync(join(this.repo.workTree, change.path));
        result.removed.push(change.path);
      } else back.push(change.path);
    }
    if (back.length > 0) {
      const scratch = { ...this.repo, indexFile: this.restoreIndexFile };
      await shadowGit(scratch, ["read-tree", checkpoint]);
      await shadowGit(
        scratch,
        ["checkout-index", "--force", "-z", "--stdin"],
        `${back.join("\0")}\0`,
      );
      result.restored.push(...back);
    }
    return result;
  }
}

/** A bare shadow repository at `dir` that never records the workspace's own `.git`. */
async function initExcludingGit(dir: string): Promise<void> {
  await initShadowRepo(dir);
  mkdirSync(join(dir, "info"), { recursive: true });
  writeFileSync(join(dir, "info", "exclude"), ".git\n");
}

/**
 * Make the shadow repository whole under a private name, then rename it into place: runs
 * started together in a new workspace never see (or record into) a half-made one, whose
 * `info/exclude` would not yet keep the workspace's `.git` out. One that lost the race leaves it.
 */
async function createShadowRepo(gitDir: string): Promise<void> {
  mkdirSync(dirname(gitDir), { recursive: true, mode: 0o700 });
  const made = `${gitDir}.${process.pid}.${randomUUID()}.new`;
  try {
    mkdirSync(made, { mode: 0o700 });
    await initExcludingGit(made);
    try {
      renameSync(made, gitDir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
      // another run made it first; a folder an older version left half-made is made whole here
      if (!existsSync(join(gitDir, "HEAD"))) await initExcludingGit(gitDir);
    }
  } finally {
    rmSync(made, { recursive: true, force: true });
  }
}
