/**
 * Shard lease rows (schema 10): which process drives the games of each shard (src/service/shard-leases.ts).
 * A claim is one statement, so two processes claiming one shard at once cannot both succeed. Times are the
 * caller's clock, never the database's.
 */
import type Database from 'better-sqlite3';

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
  /** When the shard's lease runs out, whoever holds it; null when nobody does. */
  expiryOf(shardCount: number, shard: number): Promise<number | null>;
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

/** The lease's expiry: parameters shard count, shard. */
export function leaseExpirySql(param: (n: number) => string): string {
  return `SELECT expires_at FROM shard_leases WHERE shard_count = ${param(1)} AND shard = ${param(2)}`;
}

/** Schema v10: the lease rows. */
export function addShardLeases(db: Database.Database): void {
  db.exec(`
    CREATE TABLE shard_leases (
      shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
      shard INTEGER NOT NULL CHECK (shard >= 0 AND shard < shard_count),
      holder TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (shard_count, shard)
    ) STRICT, WITHOUT ROWID;
  `);
}

/** The lease rows in a SQLite file: one write each, under SQLite's single-writer lock. */
export class SqliteLeaseStore implements LeaseStore {
  private readonly claim: Database.Statement;
  private readonly release: Database.Statement;
  private readonly expiry: Database.Statement<[number, number], { expires_at: number }>;

  constructor(db: Database.Database) {
    this.claim = db.prepare(claimShardSql(() => '?'));
    this.release = db.prepare(releaseShardSql(() => '?'));
    this.expiry = db.prepare(leaseExpirySql(() => '?'));
  }

  async claimShard(shardCount: number, shard: number, holder: string, now: number, expiresAt: number) {
    return this.claim.run(shardCount, shard, holder, expiresAt, now).changes === 1;
  }

  async releaseShard(shardCount: number, shard: number, holder: string): Promise<void> {
    this.release.run(shardCount, shard, holder);
  }

  async expiryOf(shardCount: number, shard: number): Promise<number | null> {
    return this.expiry.get(shardCount, shard)?.expires_at ?? null;
  }
}
