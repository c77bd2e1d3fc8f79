// What a session's requests re-sent, from the ledger's facts (bench/sessions.mjs and the lane
// tests in test/session use it; types in resent.d.mts).

/**
 * Input items each request re-sent: items sent minus the items its lane did not hold yet
 * (the history added since the lane's last completed request, its own output included). An
 * incremental request re-sends 0; a full request on a lane that already held the history
 * re-sends all of it; a new lane holds nothing, so its first (full) request re-sends 0.
 * @param {readonly import("./resent.d.mts").SentRequest[]} requests
 * @returns {number[]}
 */
export function resentItems(requests) {
  const held = new Map();
  return requests.map((request) => {
    const known = held.get(request.lane) ?? 0;
    const fresh = Math.max(0, request.itemsTotal - known);
    if (request.completed) held.set(request.lane, request.itemsTotal + request.itemsReceived);
    return Math.max(0, request.itemsSent - fresh);
  });
}
