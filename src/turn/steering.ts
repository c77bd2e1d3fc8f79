import { type MessageImage, type ResponseItem, userMessage } from "../protocol/items.js";

/**
 * Messages the person sent into the running turn (Enter while busy). The turn loop takes them
 * at its next sampling boundary, so they ride in the next incremental request.
 */
export class SteeringBuffer {
  private pending: { text: string; images: readonly MessageImage[] }[] = [];
  private open = false;

  /** A turn started: steering is accepted until end(). */
  begin(): void {
    this.open = true;
    this.pending = [];
  }

  /** False when no turn runs: the caller sends the message as a turn of its own. */
  offer(text: string, images: readonly MessageImage[] = []): boolean {
    if (!this.open || !text.trim()) return false;
    this.pending.push({ text, images });
    return true;
  }

  /** The last message offered and not taken yet, taken back (false: none is waiting). */
  withdraw(): boolean {
    return this.pending.pop() !== undefined;
  }

  /** What arrived since the last take, as user messages for history. */
  take(): ResponseItem[] {
    const messages = this.pending;
    this.pending = [];
    return messages.map(({ text, images }) => userMessage(text, images));
  }

  /** The turn ended: what it never took (interrupt, failure) still goes to history. */
  end(): ResponseItem[] {
    this.open = false;
    return this.take();
  }
}
