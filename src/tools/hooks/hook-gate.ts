import type { HookEvent, HookHandler } from "./hook-config.js";
import type { HookJudgement, HookTrustBook } from "./hook-trust-book.js";

/**
 * What a front end is asked when a hook's trust no longer holds right before it runs (its
 * script was edited during the session, a file it names appeared): run it as it is now?
 */
export interface HookTrustQuestion {
  event: HookEvent;
  command: string;
  /** The hooks.json it comes from. */
  source: string;
  /** What the person reads: what changed since it was trusted, or why it is asked. */
  reasons: string[];
}

/**
 * The front end's answer (true: trust the hook as it is now and run it). An engine-level
 * callback: the TUI asks on screen; an editor can map it to a permission request. A front end
 * without it (exec) never runs such a hook and says so.
 */
export type AskHookTrust = (question: HookTrustQuestion, signal: AbortSignal) => Promise<boolean>;

/** Whether a hook runs now, and what the person should read about it. */
type Admission = { run: true; note?: string } | { run: false; note: string };

/**
 * Trust checked at the moment a hook runs, for every event: what its trust covers is read and
 * hashed again and compared with the record. A hook whose files changed does not run unless
 * the person, asked through `ask`, trusts it as it is now (recorded); "don't run" holds for the
 * rest of the session while the files stay as they were shown. One question at a time.
 */
export class HookGate {
  private asking: Promise<unknown> = Promise.resolve();
  /** Hooks the person chose not to run: the state they were shown (not asked again). */
  private readonly declined = new Map<HookHandler, string>();

  constructor(
    private readonly book: HookTrustBook,
    private readonly ask?: AskHookTrust,
  ) {}

  async admit(handler: HookHandler, signal: AbortSignal): Promise<Admission> {
    const judged = this.book.judge(handler);
    if (judged.verdict.trust === "trusted") return { run: true };
    const label = `${handler.event} hook \`${handler.command}\``;
    const why = this.book.reasons(judged).join("; ") || "it is not trusted";
    const shown = JSON.stringify([judged.files, judged.uncovered]);
    if (!this.ask) return { run: false, note: `${label} did not run: ${why}` };
    if (this.declined.get(handler) === shown)
      return { run: false, note: `${label} did not run: ${why} (you chose not to run it)` };
    const yes = await this.serialized(() => this.question(handler, judged, signal));
    if (!yes) {
      // an interrupted turn is no answer: asked again at the next run
      if (!signal.aborted) this.declined.set(handler, shown);
      return { run: false, note: `${label} did not run: ${why} (you chose not to run it)` };
    }
    this.book.trust([{ handler, judged }]);
    // what the person saw is what runs: changed again while they read, it does not
    if (this.book.judge(handler).verdict.trust !== "trusted")
      return { run: false, note: `${label} did not run: it changed again while you were asked` };
    return { run: true, note: `${label}: ${why}; you trusted it as it is now` };
  }

  private question(handler: HookHandler, judged: HookJudgement, signal: AbortSignal) {
    if (signal.aborted || !this.ask) return Promise.resolve(false);
    const { event, command, source } = handler;
    return this.ask({ event, command, source, reasons: this.book.reasons(judged) }, signal);
  }

  private serialized<T>(run: () => Promise<T>): Promise<T> {
    const next = this.asking.then(run, run);
    this.asking = next.catch(() => {});
    return next;
  }
}
