import type { LoadedConfig, ResumedIn, SharedFlags } from "../launch/index.js";
import {
  findSavedSession,
  loadRuntime,
  type ResumeTarget,
  type Runtime,
  readSavedSettings,
  type WorktreeEntry,
} from "../launch/index.js";

type Resumed = ResumedIn;

/**
 * The runtime the TUI's sessions run on. It is loaded for the first session (a resumed one's
 * settings, its directory when chosen); a saved session opened later (`/resume`, a pick from
 * the list) gets a runtime of its own — its provider, model, effort, approval policy, sandbox
 * and directory, under the command line's flags — and the previous runtime is closed. The
 * launch's --worktree belongs to the launch's runtime (made once, kept by /new), not to a saved
 * session opened later.
 */
export class TuiRuntimes {
  private constructor(
    private readonly flags: SharedFlags,
    private runtime: Runtime,
    /** The saved session the runtime was loaded for, and where. */
    private resumed: Resumed | undefined,
    /** What the launch loaded (a new session goes back to it: a resumed one's settings were its own). */
    private readonly launched: Resumed | undefined,
    /** The launch's --worktree. */
    private readonly worktree: WorktreeEntry | undefined,
  ) {}

  /** `loaded`: config.toml as the start already parsed it for these flags and `resumed`. */
  static async load(
    flags: SharedFlags,
    resumed?: Resumed,
    loaded?: LoadedConfig,
    worktree?: WorktreeEntry,
  ): Promise<TuiRuntimes> {
    const runtime = await TuiRuntimes.loadFor(flags, resumed, loaded, worktree);
    return new TuiRuntimes(flags, runtime, resumed, resumed, worktree);
  }

  private static loadFor(
    flags: SharedFlags,
    resumed?: Resumed,
    loaded?: LoadedConfig,
    worktree?: WorktreeEntry,
  ): Promise<Runtime> {
    return loadRuntime({
      flags,
      defaultApprovalPolicy: "on-request",
      defaultSandbox: "workspace-write",
      folderTrust: true,
      ...(resumed ? { resumed } : {}),
      ...(loaded ? { loaded } : {}),
      ...(worktree ? { worktree } : {}),
    });
  }

  get current(): Runtime {
    return this.runtime;
  }

  /** Load the same runtime again (after the folder's trust was decided). */
  async reload(): Promise<void> {
    const worktree = this.resumed === this.launched ? this.worktree : undefined;
    const next = await TuiRuntimes.loadFor(this.flags, this.resumed, undefined, worktree);
    await this.replace(next, this.resumed);
  }

  /** The runtime for a saved session about to open (a new one unless it was loaded for it). */
  async forSaved(target: ResumeTarget, inItsDirectory: boolean): Promise<Runtime> {
    const saved = readSavedSettings(this.savedPath(target));
    if (saved.id === this.resumed?.saved.id) return this.runtime;
    // "the current directory" is the folder in use now (another session's, after /resume)
    const resumed = inItsDirectory
      ? { saved, inItsDirectory }
      : { saved, inItsDirectory, current: this.runtime.cwd };
    await this.replace(await TuiRuntimes.loadFor(this.flags, resumed), resumed);
    return this.runtime;
  }

  /**
   * The runtime for a new session (`/new`, the first one): the launch's — after `/resume` of
   * another session, not that session's approval policy, sandbox and directory.
   */
  async forFresh(): Promise<Runtime> {
    if (this.resumed === this.launched) return this.runtime;
    const next = await TuiRuntimes.loadFor(this.flags, this.launched, undefined, this.worktree);
    await this.replace(next, this.launched);
    return this.runtime;
  }

  close(): Promise<void> {
    return this.runtime.close();
  }

  private savedPath(target: ResumeTarget): string {
    return findSavedSession(this.runtime.home, this.runtime.cwd, target);
  }

  private async replace(next: Runtime, resumed: Resumed | undefined): Promise<void> {
    const previous = this.runtime;
    this.runtime = next;
    this.resumed = resumed;
    await previous.close();
  }
}
