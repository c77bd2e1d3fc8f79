/** What one request carried, as the session reported it, plus the output items it got back. */
export interface SentRequest {
  lane: string;
  itemsTotal: number;
  itemsSent: number;
  /** Output items of its response (0 when it did not complete). */
  itemsReceived: number;
  completed: boolean;
}

/** Input items each request re-sent (see resent.mjs). */
export function resentItems(requests: readonly SentRequest[]): number[];
