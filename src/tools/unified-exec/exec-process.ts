import { killTree, track, treeCpuSeconds, untrack } from "../process-tree.js";
import type { StartedProcess } from "./spawn.js";
import type { ScreenText, TerminalScreen } from "./terminal-screen.js";

/**
 * How long output must pause before a wait returns early: the command printed something and
 * went quiet (a prompt, a server's banner), so the model need not sit out the whole yield.
 */
const QUIET_MS = 200;

/** One process started by exec_command: its terminal, its output, its end. */
export class ExecProcess {
  readonly startedAt = Date.now();
  exitCode: number | undefined;
  /** Ended by /stop, the session's end or an interrupt (not by itself). */
  stopped = false;
  /** Ended because it ran this long (`shell_timeout_ms`, set by `stopAfter`). */
  timedOutAfterMs: number | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<() => void>();
  private lastOutputAt = 0;
  private readonly exited: Promise<void>;
  /** Exited and its end reported (see `reportEndWith`). */
  private readonly finished: Promise<void>;
  private endReport: (() => Promise<void>) | undefined;

  constructor(
    readonly id: number,
    readonly command: string,
    private readonly child: StartedProcess,
    private readonly screen: TerminalScreen,
    private readonly wrapped: boolean,
  ) {
    track(child.pid);
    screen.onReply((data) => {
      if (this.running) child.write(data);
    });
    child.onData((data) => {
      screen.write(data);
      this.lastOutputAt = performance.now();
      this.wake();
    });
    this.exited = new Promise((resolve) => {
      child.onExit((code) => {
        clearTimeout(this.deadline);
        this.exitCode = code;
        untrack(child.pid);
        this.wake();
        resolve();
      });
    });
    this.finished = this.exited.then(() => this.endReport?.());
  }

  /** What to do once it has ended (report it); `stop` and `whenExited` wait for it too. */
  reportEndWith(report: () => Promise<void>): void {
    this.endReport = report;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  get tty(): boolean {
    return this.child.tty;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  write(chars: string): void {
    this.child.write(chars);
  }

  /**
   * Wait until the process ends, `yieldMs` pass, the signal aborts, or output came and then
   * paused for QUIET_MS; then read what the terminal shows since the last read.
   */
  async waitAndRead(yieldMs: number, signal?: AbortSignal): Promise<ScreenText> {
    const started = performance.now();
    const deadline = started + yieldMs;
    while (this.running && !signal?.aborted) {
      const now = performance.now();
      if (now >= deadline) break;
      const heard = this.lastOutputAt > started;
      if (heard && now - this.lastOutputAt >= QUIET_MS) break;
      const until = heard ? Math.min(deadline, this.lastOutputAt + QUIET_MS) : deadline;
      await this.sleep(until - now, signal);
    }
    await this.screen.settled();
    return this.screen.readNew();
  }

  /** Everything the terminal kept, for the person (/ps). */
  async transcript(): Promise<string> {
    await this.screen.settled();
    return this.screen.all();
  }

  /** Resolves when the process has ended (by itself or stopped). */
  whenExited(): Promise<void> {
    return this.finished;
  }

  lastLine(): string {
    return this.screen.lastLine();
  }

  cpuSeconds(): number {
    return this.child.pid === undefined || !this.running ? 0 : treeCpuSeconds(this.child.pid);
  }

  /** Once it has run `ms`, end it as `stop` does (TERM, then KILL), unless it ended before. */
  stopAfter(ms: number): void {
    this.deadline = setTimeout(() => {
      if (!this.running) return;
      this.timedOutAfterMs = ms;
      killTree(this.child.pid, this.wrapped);
    }, ms);
    this.deadline.unref();
  }

  /** TERM, then KILL after the grace (a process ignoring SIGTERM still ends); resolves at exit. */
  async stop(): Promise<void> {
    if (this.running) {
      this.stopped = true;
      killTree(this.child.pid, this.wrapped);
    }
    await this.finished;
  }

  dispose(): void {
    this.screen.dispose();
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
  }

  private sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.waiters.add(done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}
