/** What one request carried, as the session reported it, plus the output items it got back. */
export interface SentRequest {
  lane: string;
  itemsTotal: number;
  itemsSent: number;
  /** Output items of its response (0 when it did not complete). */
  itemsReceived: number;
  completed: boolean;
}

/**
 * Input items each request re-sent: items sent minus the items its lane did not hold yet
 * (the history added since the lane's last completed request, its own output included). An
 * incremental request re-sends 0; a full request on a lane that already held the history
 * re-sends all of it; a new lane holds nothing, so its first (full) request re-sends 0.
 */
export function resentItems(requests: readonly SentRequest[]): number[] {
  const held = new Map<string, number>();
  return requests.map((request) => {
    const known = held.get(request.lane) ?? 0;
    const fresh = Math.max(0, request.itemsTotal - known);
    if (request.completed) held.set(request.lane, request.itemsTotal + request.itemsReceived);
    return Math.max(0, request.itemsSent - fresh);
  });
}
