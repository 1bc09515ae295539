/**
 * Shard lease rows (schema 10): which process drives the games of each shard (src/service/shard-leases.ts).
 * A claim is one statement, so two processes claiming one shard at once cannot both succeed. Times are the
 * caller's clock, never the database's.
 */
import type Database from 'better-sqlite3';
import { SQLITE_DIALECT } from '../sql/dialect';
import {
  claimShardSql,
  leaseRowSql,
  type LeaseStore,
  releaseShardSql,
  type ShardLease,
  takeOverShardSql,
} from '../leases';

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
  private readonly row: Database.Statement<[number, number], { holder: string; expires_at: number }>;
  private readonly takeOver: Database.Statement;

  constructor(db: Database.Database) {
    this.claim = db.prepare(claimShardSql(SQLITE_DIALECT.param));
    this.release = db.prepare(releaseShardSql(SQLITE_DIALECT.param));
    this.row = db.prepare(leaseRowSql(SQLITE_DIALECT.param));
    this.takeOver = db.prepare(takeOverShardSql(SQLITE_DIALECT.param));
  }

  async claimShard(shardCount: number, shard: number, holder: string, now: number, expiresAt: number) {
    return this.claim.run(shardCount, shard, holder, expiresAt, now).changes === 1;
  }

  async releaseShard(shardCount: number, shard: number, holder: string): Promise<void> {
    this.release.run(shardCount, shard, holder);
  }

  async leaseOf(shardCount: number, shard: number): Promise<ShardLease | null> {
    const row = this.row.get(shardCount, shard);
    return row ? { holder: row.holder, expiresAt: row.expires_at } : null;
  }

  async takeOverShard(shardCount: number, shard: number, from: string, holder: string, expiresAt: number) {
    return this.takeOver.run(holder, expiresAt, shardCount, shard, from).changes === 1;
  }
}
