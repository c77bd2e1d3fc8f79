/** exec_command waits this long by default; write_stdin this long (the Codex CLI's defaults). */
export const EXEC_YIELD_MS = 10_000;
export const WRITE_YIELD_MS = 250;
/** Every wait is at least MIN and at most MAX; an empty poll waits at least MIN_POLL, at most MAX_POLL. */
const MIN_YIELD_MS = 250;
const MAX_YIELD_MS = 30_000;
const MIN_POLL_MS = 5_000;
const MAX_POLL_MS = 300_000;

/**
 * The wait for one call, within the Codex CLI's bounds (pure): an empty write_stdin (a poll of
 * a quiet process) may wait longer, but not less than 5 s. `note` says when the ask was changed.
 */
export function clampYield(
  asked: number | undefined,
  fallback: number,
  poll: boolean,
): { ms: number; note?: string } {
  const [min, max] = poll ? [MIN_POLL_MS, MAX_POLL_MS] : [MIN_YIELD_MS, MAX_YIELD_MS];
  const wanted = asked ?? fallback;
  const ms = Math.min(max, Math.max(min, Number.isFinite(wanted) ? wanted : fallback));
  if (asked === undefined || ms === asked || ms > asked) return { ms };
  return { ms, note: `yield_time_ms ${asked} is above the most, ${max} ms; waited ${max} ms` };
}
