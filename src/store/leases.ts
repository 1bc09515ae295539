/**
 * Shard leases (schema 10), shared by both engines: which process drives the games of each shard
 * (src/service/shard-leases.ts). A claim is one statement, so two processes claiming one shard at once cannot both
 * succeed. Times are the caller's clock, never the database's.
 */
/** The lease rows, in the shared database. */
export interface LeaseStore {
  /**
   * Takes `shard` (of `shardCount`) for `holder` until `expiresAt` when nobody holds it, its lease ran out by
   * `now`, or `holder` already holds it (a renewal). Returns whether `holder` holds it now. One statement:
   * two processes claiming at once cannot both succeed.
   */
  claimShard(
    shardCount: number,
    shard: number,
    holder: string,
    now: number,
    expiresAt: number,
  ): Promise<boolean>;
  /** Gives the shard up at once (a clean shutdown), when `holder` holds it. */
  releaseShard(shardCount: number, shard: number, holder: string): Promise<void>;
  /** Who holds the shard's lease and when it runs out; null when nobody does. */
  leaseOf(shardCount: number, shard: number): Promise<ShardLease | null>;
  /**
   * Takes the shard from `from` (a holder known to be gone, whose lease has not run out) for `holder` until
   * `expiresAt`, only if `from` still holds it: of two processes taking it over at once, one succeeds.
   */
  takeOverShard(
    shardCount: number,
    shard: number,
    from: string,
    holder: string,
    expiresAt: number,
  ): Promise<boolean>;
}

/** A shard's lease row. */
export interface ShardLease {
  holder: string;
  expiresAt: number;
}

/**
 * The claim, with the parameters written by `param(n)` (`$n` on PostgreSQL, `?` in order on SQLite): a row is
 * written (one changed) only when the shard is free, its lease ran out, or the claimer already holds it.
 * Parameters: shard count, shard, holder, expiry, now.
 */
export function claimShardSql(param: (n: number) => string): string {
  return `
    INSERT INTO shard_leases (shard_count, shard, holder, expires_at)
    VALUES (${param(1)}, ${param(2)}, ${param(3)}, ${param(4)})
    ON CONFLICT (shard_count, shard) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
    WHERE shard_leases.holder = excluded.holder OR shard_leases.expires_at <= ${param(5)}`;
}

/** Deletes the row only if `holder` (parameter 3) still holds it. */
export function releaseShardSql(param: (n: number) => string): string {
  return `DELETE FROM shard_leases WHERE shard_count = ${param(1)} AND shard = ${param(2)} AND holder = ${param(3)}`;
}

/** The lease's holder and expiry: parameters shard count, shard. */
export function leaseRowSql(param: (n: number) => string): string {
  return `SELECT holder, expires_at FROM shard_leases WHERE shard_count = ${param(1)} AND shard = ${param(2)}`;
}

/** Parameters: new holder, expiry, shard count, shard, the gone holder (the row changes only if it still holds). */
export function takeOverShardSql(param: (n: number) => string): string {
  return `UPDATE shard_leases SET holder = ${param(1)}, expires_at = ${param(2)}
    WHERE shard_count = ${param(3)} AND shard = ${param(4)} AND holder = ${param(5)}`;
}
