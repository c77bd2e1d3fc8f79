import { type MessageImage, type ResponseItem, userMessage } from "../protocol/items.js";

/**
 * Sends steering into the streaming response on the socket (`response.steer`); false when
 * none takes it. Input the server gives back comes to `onReturned`.
 */
export type SocketSteer = (
  items: ResponseItem[],
  onReturned: (items: ResponseItem[]) => void,
) => boolean;

/**
 * Messages the person sent into the running turn (Enter while busy). Where the response on the
 * socket takes steering they go to the server at once; otherwise (or when the server gives
 * them back) the turn loop takes them at its next sampling boundary, so they ride in the next
 * incremental request (client-side steering).
 */
export class SteeringBuffer {
  private pending: ResponseItem[] = [];
  private open = false;

  constructor(private readonly socket?: SocketSteer) {}

  /** A turn started: steering is accepted until end(). */
  begin(): void {
    this.open = true;
    this.pending = [];
  }

  /** False when no turn runs: the caller sends the message as a turn of its own. */
  offer(text: string, images: readonly MessageImage[] = []): boolean {
    if (!this.open || !text.trim()) return false;
    const message = userMessage(text, images);
    if (this.socket?.([message], (back) => this.requeue(back))) return true;
    this.pending.push(message);
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
    return messages;
  }

  /** Input the server gave back goes first, before anything typed after it. */
  private requeue(items: ResponseItem[]): void {
    this.pending = [...items, ...this.pending];
  }

  /** The turn ended: what it never took (interrupt, failure) still goes to history. */
  end(): ResponseItem[] {
    this.open = false;
    return this.take();
  }
}
