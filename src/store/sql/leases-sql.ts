/** The shard lease rows' statements (src/store/leases.ts), the same on both engines. */
import type { Dialect } from './dialect';

export function leasesSql(d: Dialect) {
  const p = d.param;
  return {
    /**
     * Parameters: shard count, shard, holder, expiry, now. A row is written (one changed) only when the shard is
     * free, its lease ran out, or the claimer already holds it.
     */
    claim: `
    INSERT INTO shard_leases (shard_count, shard, holder, expires_at)
    VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})
    ON CONFLICT (shard_count, shard) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
    WHERE shard_leases.holder = excluded.holder OR shard_leases.expires_at <= ${p(5)}`,
    /** Parameters: shard count, shard, holder. Deletes the row only if the holder still holds it. */
    release: `DELETE FROM shard_leases WHERE shard_count = ${p(1)} AND shard = ${p(2)} AND holder = ${p(3)}`,
    /** Parameters: shard count, shard. */
    row: `SELECT holder, expires_at FROM shard_leases WHERE shard_count = ${p(1)} AND shard = ${p(2)}`,
    /** Parameters: new holder, expiry, shard count, shard, the gone holder (the row changes only if it still holds). */
    takeOver: `UPDATE shard_leases SET holder = ${p(1)}, expires_at = ${p(2)}
    WHERE shard_count = ${p(3)} AND shard = ${p(4)} AND holder = ${p(5)}`,
  };
}
