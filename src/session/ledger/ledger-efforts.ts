import type { LedgerRow } from "./ledger-row.js";

/**
 * Where a ledger row changed the effort, as a person reads it: `effort → high (in-band)` when
 * its request carried a configuration_update (the chain and the cached prefix stay; the
 * request-level effort is the lane's baseline), `lane high` when it went on another lane than
 * the row before (an effort or model of its own); null when neither.
 */
export function effortChange(row: LedgerRow, before: LedgerRow | undefined): string | null {
  if (row.effort_update) return `effort → ${row.effort_update} (in-band)`;
  return before && before.lane !== row.lane ? `lane ${row.lane}` : null;
}
