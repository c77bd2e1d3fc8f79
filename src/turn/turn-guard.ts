import type { UsageFigures } from "../protocol/index.js";
import { errorMessage } from "../protocol/index.js";
import type { SessionEvent, TurnResult } from "../session/index.js";
import { ModelRequestError } from "../session/index.js";
import { ToolRoundLimitError, TurnAbortedError } from "./turn-loop.js";

type TurnBody = (
  turn: number,
  signal: AbortSignal,
) => Promise<{ usage: UsageFigures; lastMessage?: string }>;

/** One turn at a time: numbering, the interrupt signal, and turn_started/completed/failed. */
export class TurnGuard {
  private count: number;
  private running: AbortController | undefined;
  /** Settles when the running turn has finished unwinding (its outputs recorded). */
  private unwound: Promise<unknown> = Promise.resolve();

  /** `lastTurn`: the number of the last turn already recorded (a resumed session goes on). */
  constructor(
    private readonly emit: (event: SessionEvent) => void,
    lastTurn = 0,
  ) {
    this.count = lastTurn;
  }

  /** The number of the last turn started (0 before the first). */
  get turn(): number {
    return this.count;
  }

  /** A turn runs now. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  abort(): void {
    this.running?.abort();
  }

  /**
   * Interrupt the running turn and wait until it has unwound, at most `withinMs`: true when
   * it has (or none ran), false when it is still unwinding.
   */
  async stop(withinMs: number): Promise<boolean> {
    if (!this.running) return true;
    this.running.abort();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), withinMs);
    });
    const done = this.unwound.then(() => true as const);
    try {
      return await Promise.race([done, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  run(body: TurnBody): Promise<TurnResult> {
    if (this.running) {
      return Promise.resolve({ ok: false, aborted: false, error: "a turn is already running" });
    }
    const result = this.runOne(body);
    this.unwound = result;
    return result;
  }

  private async runOne(body: TurnBody): Promise<TurnResult> {
    const controller = new AbortController();
    this.running = controller;
    const turn = ++this.count;
    this.emit({ type: "turn_started", turn });
    try {
      const { usage, lastMessage } = await body(turn, controller.signal);
      const last = lastMessage !== undefined ? { lastMessage } : {};
      this.emit({ type: "turn_completed", turn, usage, ...last });
      return { ok: true, aborted: false, ...last };
    } catch (error) {
      const aborted = controller.signal.aborted || isInterrupt(error);
      const message = aborted ? "interrupted" : errorMessage(error);
      this.emit({ type: "turn_failed", turn, message, aborted });
      const limit = error instanceof ToolRoundLimitError ? { toolRoundLimit: true as const } : {};
      return { ok: false, aborted, error: message, ...limit };
    } finally {
      this.running = undefined;
    }
  }
}

function isInterrupt(error: unknown): boolean {
  return error instanceof TurnAbortedError || (error instanceof ModelRequestError && error.aborted);
}
