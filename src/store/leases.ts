/**
 * Shard leases (schema 10), shared by both engines: which process drives the games of each shard
 * (src/service/shard-leases.ts). A claim is one statement, so two processes claiming one shard at once cannot both
 * succeed. Times are the caller's clock, never the database's.
 */
import type { Dialect } from './sql/dialect';
import { leasesSql } from './sql/leases-sql';
import type { SqlRunner } from './sql/runner';

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
 * The lease rows on either engine, one statement each. On SQLite a claim is one write under the file's single
 * writer; on PostgreSQL a claim racing another on the same shard waits on the other's row and then checks the
 * condition against it: the second claimer sees a live lease of someone else and writes nothing.
 */
export class SqlLeaseStore implements LeaseStore {
  private readonly sql;

  constructor(
    private readonly db: SqlRunner,
    dialect: Dialect,
  ) {
    this.sql = leasesSql(dialect);
  }

  async claimShard(shardCount: number, shard: number, holder: string, now: number, expiresAt: number) {
    return (await this.db.run(this.sql.claim, [shardCount, shard, holder, expiresAt, now])) === 1;
  }

  async releaseShard(shardCount: number, shard: number, holder: string): Promise<void> {
    await this.db.run(this.sql.release, [shardCount, shard, holder]);
  }

  async leaseOf(shardCount: number, shard: number): Promise<ShardLease | null> {
    const [row] = await this.db.rows<{ holder: string; expires_at: string | number }>(this.sql.row, [
      shardCount,
      shard,
    ]);
    return row ? { holder: row.holder, expiresAt: Number(row.expires_at) } : null;
  }

  async takeOverShard(shardCount: number, shard: number, from: string, holder: string, expiresAt: number) {
    return (await this.db.run(this.sql.takeOver, [holder, expiresAt, shardCount, shard, from])) === 1;
  }
}
