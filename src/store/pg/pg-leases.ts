/** The shard lease rows on PostgreSQL (schema 10; see ../lease-store.ts). */
import type { PoolClient } from 'pg';
import {
  claimShardSql,
  leaseRowSql,
  releaseShardSql,
  takeOverShardSql,
  type LeaseStore,
  type ShardLease,
} from '../leases';
import { POSTGRES_DIALECT } from '../sql/dialect';
import type { PgDatabase } from './database';

/** Schema v10: the lease rows. */
export async function addPgShardLeases(client: PoolClient): Promise<void> {
  await client.query(`
    CREATE TABLE shard_leases (
      shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
      shard INTEGER NOT NULL CHECK (shard >= 0 AND shard < shard_count),
      holder TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (shard_count, shard)
    )
  `);
}

const CLAIM = claimShardSql(POSTGRES_DIALECT.param);
const RELEASE = releaseShardSql(POSTGRES_DIALECT.param);
const ROW = leaseRowSql(POSTGRES_DIALECT.param);
const TAKE_OVER = takeOverShardSql(POSTGRES_DIALECT.param);

/**
 * A claim racing another on the same shard waits on the other's row and then checks the condition against it:
 * the second claimer sees a live lease of someone else and writes nothing.
 */
export class PgLeases implements LeaseStore {
  constructor(private readonly db: PgDatabase) {}

  async claimShard(shardCount: number, shard: number, holder: string, now: number, expiresAt: number) {
    return (await this.db.run(CLAIM, [shardCount, shard, holder, expiresAt, now])) === 1;
  }

  async releaseShard(shardCount: number, shard: number, holder: string): Promise<void> {
    await this.db.run(RELEASE, [shardCount, shard, holder]);
  }

  async leaseOf(shardCount: number, shard: number): Promise<ShardLease | null> {
    const [row] = await this.db.rows<{ holder: string; expires_at: string | number }>(ROW, [
      shardCount,
      shard,
    ]);
    return row ? { holder: row.holder, expiresAt: Number(row.expires_at) } : null;
  }

  async takeOverShard(shardCount: number, shard: number, from: string, holder: string, expiresAt: number) {
    return (await this.db.run(TAKE_OVER, [holder, expiresAt, shardCount, shard, from])) === 1;
  }
}
