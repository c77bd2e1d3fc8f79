import { type MessageImage, type ResponseItem, userMessage } from "../protocol/index.js";
import type { SteeringOutcome, SteerReceipt, SteerState, UnsteerResult } from "../session/index.js";

/**
 * Sends steering into the streaming response on the socket (`response.steer`); false when none
 * takes it. `outcome` hears whether the server committed the input or gave it back.
 */
type SocketSteer = (items: ResponseItem[], outcome: SteeringOutcome) => boolean;

/** Where each steering message is now, by its id (the TUI's pending area follows it). */
type SteerReport = (id: string, state: SteerState) => void;

/** A message waiting on the client for the next sampling boundary. */
interface Waiting {
  id: string;
  items: ResponseItem[];
  /** Committed once already (a failed attempt gave it back): it can no longer be taken back. */
  locked: boolean;
}

/**
 * Messages the person sent into the running turn (Enter while busy), each with one id that the
 * TUI's pending area and `withdraw` share. Where the response on the socket takes steering
 * they go to the server at once; otherwise (or when the server gives them back) the turn loop
 * takes them at its next sampling boundary, so they ride in the next incremental request
 * (client-side steering). Only a message still waiting on the client can be taken back.
 */
export class SteeringBuffer {
  private pending: Waiting[] = [];
  private open = false;
  private count = 0;

  constructor(
    private readonly socket?: SocketSteer,
    private readonly report: SteerReport = () => {},
  ) {}

  /** A turn started: steering is accepted until end(). */
  begin(): void {
    this.open = true;
    this.pending = [];
  }

  /** Undefined when no turn runs: the caller sends the message as a turn of its own. */
  offer(text: string, images: readonly MessageImage[] = []): SteerReceipt | undefined {
    if (!this.open || !text.trim()) return undefined;
    this.count += 1;
    const id = `steer-${this.count}`;
    const message = userMessage(text, images);
    let committed = false;
    const sent = this.socket?.([message], {
      returned: (items) => {
        // input the server gave back goes first, before anything typed after it
        this.pending = [{ id, items, locked: committed }, ...this.pending];
        if (!committed) this.report(id, "waiting");
      },
      committed: () => {
        committed = true;
        this.report(id, "committed");
      },
    });
    if (sent) return { id, state: "sent" };
    this.pending.push({ id, items: [message], locked: false });
    return { id, state: "waiting" };
  }

  /** Take back message `id` if it still waits on the client; else say it was sent. */
  withdraw(id: string): UnsteerResult {
    const at = this.pending.findIndex((waiting) => waiting.id === id && !waiting.locked);
    if (at < 0) return "sent";
    this.pending.splice(at, 1);
    return "withdrawn";
  }

  /** What arrived since the last take, as user messages for history. */
  take(): ResponseItem[] {
    const taken = this.pending;
    this.pending = [];
    for (const waiting of taken) if (!waiting.locked) this.report(waiting.id, "committed");
    return taken.flatMap((waiting) => waiting.items);
  }

  /** The turn ended: what it never took (interrupt, failure) still goes to history. */
  end(): ResponseItem[] {
    this.open = false;
    return this.take();
  }
}
