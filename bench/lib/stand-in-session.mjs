// Shared by the TUI benchmarks (not a benchmark itself): a session the TUI can drive, with
// nothing behind it; its one turn is the bench's own `turn(emit)`.
export function standInSession(turn) {
  const listeners = new Set();
  const emit = (event) => {
    for (const listener of listeners) listener(event);
  };
  return {
    id: "bench",
    send: () => turn(emit),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    abort() {},
    update() {},
    async compact() {
      return { ok: true, aborted: false };
    },
    async prepare() {},
    status: () => ({
      sessionId: "bench",
      providerId: "bench",
      baseUrl: "",
      transport: "ws",
      lane: "default",
      model: "bench",
      totals: {
        requests: 0,
        incrementalRequests: 0,
        inputTokens: 0,
        cachedTokens: 0,
        outputTokens: 0,
      },
      next: { mode: "incremental" },
    }),
    history: () => [],
    async close() {},
  };
}
