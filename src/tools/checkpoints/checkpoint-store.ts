import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type { WriteGuard } from "../workspace.js";
import { WorkspaceWalker } from "../workspace-walk.js";
import { eachBlob } from "./blob-stream.js";
import { privateIndex } from "./private-index.js";
import { parseRawDiff, planRestore, type RefusedPath, type TreeChange } from "./restore-plan.js";
import { initShadowRepo, type ShadowRepo, shadowGit } from "./shadow-git.js";
import { refusalOf, removeRecorded, writeRecorded } from "./walked-restore.js";

/** Workspaces larger than this are not checkpointed (a clear note says so). */
const CHECKPOINT_CAP_BYTES = 200 * 1024 * 1024;

export type Snapshot = { tree: string } | { skipped: string };

/** A code rewind's report, a line a file (exec, the TUI and ACP print the same). */
export function rewoundFileLines(code: CodeRewind): string[] {
  return [
    ...code.restored.map((path) => `restored ${path}`),
    ...code.removed.map((path) => `removed ${path}`),
    ...code.keptExternal.map(
      (path) => `kept ${path}: edited outside mini-codex since, not overwritten`,
    ),
    ...code.refused.map(({ path, reason }) => `refused ${path}: ${reason}`),
  ];
}

/**
 * What a code rewind did: files put back, files removed, files left alone (edited outside), and
 * files it could not put back (a symlink on the way, a protected path, a folder in the way).
 */
export interface CodeRewind {
  restored: string[];
  removed: string[];
  /** Changed since the last turn of mini-codex ended: edited by hand; never overwritten. */
  keptExternal: string[];
  refused: RefusedPath[];
}

/**
 * Checkpoints of a workspace in a shadow repository under `$MINI_CODEX_HOME/checkpoints`, with
 * its own GIT_DIR and index: the user's history, index, stash and branches are never touched.
 * Untracked files are recorded, ignored ones (the workspace's .gitignore) are not.
 */
export class CheckpointStore {
  /** This store's git calls, one at a time (its own index has one lock). */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly repo: ShadowRepo) {}

  static async open(home: string, workspace: string): Promise<CheckpointStore> {
    const real = realpathSync(workspace);
    const name = createHash("sha256").update(real).digest("hex").slice(0, 16);
    const gitDir = join(home, "checkpoints", `${name}.git`);
    if (!existsSync(join(gitDir, "HEAD"))) await createShadowRepo(gitDir);
    // an index per store: runs started together never meet on one index.lock
    const indexFile = privateIndex(gitDir);
    return new CheckpointStore({ gitDir, workTree: real, indexFile });
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

  private async changes(from: string, to: string): Promise<TreeChange[]> {
    const args = ["diff-tree", "-r", "-z", "--no-renames", "--no-abbrev", from, to];
    return parseRawDiff(await shadowGit(this.repo, args));
  }

  /**
   * Put the files changed since `checkpoint` back as they were, except those changed since
   * `lastKnown` (the workspace when mini-codex's last turn ended) and those in `editedOutside`
   * (changed between two earlier turns): edited outside, kept. Each file is removed or written
   * on a no-follow walk from the workspace (walked-restore.ts), refused where `guard` says so;
   * one that cannot be put back is reported and the others still are.
   */
  async restore(
    checkpoint: string,
    lastKnown: string,
    editedOutside: Iterable<string> = [],
    guard: WriteGuard = () => undefined,
  ): Promise<CodeRewind> {
    const now = await this.snapshot(Number.POSITIVE_INFINITY);
    return this.serial(() => this.putBack(checkpoint, lastKnown, editedOutside, now, guard));
  }

  private async putBack(
    checkpoint: string,
    lastKnown: string,
    editedOutside: Iterable<string>,
    now: Snapshot,
    guard: WriteGuard,
  ): Promise<CodeRewind> {
    if (!("tree" in now)) throw new Error(now.skipped);
    const external = new Set([...editedOutside, ...(await this.changedPaths(lastKnown, now.tree))]);
    const plan = planRestore(await this.changes(checkpoint, now.tree), external);
    const result: CodeRewind = {
      restored: [],
      removed: [],
      keptExternal: plan.keep,
      refused: plan.refuse,
    };
    const { workTree } = this.repo;
    const scope = {
      cwd: workTree,
      workspaceRoots: [workTree],
      sandbox: "workspace-write" as const,
    };
    const walker = new WorkspaceWalker(scope, guard, "never");
    const attempt = (path: string, done: string[], step: () => void) => {
      try {
        step();
        done.push(path);
      } catch (error) {
        result.refused.push({ path, reason: refusalOf(path, error) });
      }
    };
    for (const path of plan.remove)
      attempt(path, result.removed, () => removeRecorded(walker, path));
    await eachBlob(
      this.repo,
      plan.write.map((change) => change.before.id),
      (index, bytes) => {
        const { path, before } = plan.write[index] as TreeChange;
        attempt(path, result.restored, () => {
          if (!bytes)
            throw new Error(
              `its recorded content ${before.id} is missing from ${this.repo.gitDir}`,
            );
          writeRecorded(walker, path, { mode: before.mode, bytes });
        });
      },
    );
    result.refused.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
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
