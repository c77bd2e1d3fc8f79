import { tokenTimes } from "./jwt-claims.js";

/** The most a token is refreshed ahead of its expiry. */
const REFRESH_AHEAD_MS = 5 * 60_000;
/** Codex's rule for a token without `exp`: refreshed when the last refresh is 8 days old. */
const REFRESH_INTERVAL_MS = 8 * 24 * 60 * 60_000;

/**
 * Whether an access token should be refreshed before it is sent: within five minutes of its
 * expiry, or within half its lifetime when that is shorter (a token that lives 20 s is
 * refreshed after 10 s, not at once), so a token just issued is never due.
 */
export function refreshDue(
  accessToken: string,
  lastRefresh: string | undefined,
  now: number,
): boolean {
  const { issuedAt, expiresAt } = tokenTimes(accessToken);
  if (expiresAt !== undefined) {
    const lifetime = issuedAt !== undefined ? expiresAt - issuedAt : Number.POSITIVE_INFINITY;
    const ahead = Math.min(REFRESH_AHEAD_MS, Math.max(0, lifetime / 2));
    return now >= expiresAt - ahead;
  }
  const last = lastRefresh ? Date.parse(lastRefresh) : Number.NaN;
  return Number.isFinite(last) && now - last >= REFRESH_INTERVAL_MS;
}

/** Whether the token's `exp` has passed (a token without one is taken as still valid). */
export function expired(accessToken: string, now: number): boolean {
  const { expiresAt } = tokenTimes(accessToken);
  return expiresAt !== undefined && now >= expiresAt;
}
