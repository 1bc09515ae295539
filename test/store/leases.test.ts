/**
 * The shard lease rows on both engines: a claim is one statement, so of two processes claiming one shard at
 * once exactly one holds it; the holder renews, a lease that ran out passes to the next claimer, a release frees
 * the shard at once.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openDatabase, openSqliteStore } from '../../src/store/index';
import type { Storage } from '../../src/store/storage';
import { openTestStorage, STORAGE_ENGINES, type TestStorage } from '../support/pg-storage-engines';

const LEASE_MS = 2_000;

describe.each(STORAGE_ENGINES)('shard leases on %s', (engine) => {
  let test: TestStorage;
  let first: Storage;
  let second: Storage;
  beforeEach(async () => {
    test = await openTestStorage(engine);
    first = test.storage;
    second = await test.another();
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('gives a shard to exactly one of two processes claiming it at once', async () => {
    for (let shard = 0; shard < 16; shard++) {
      const claims = await Promise.all([
        first.leases.claimShard(16, shard, 'a', 1000, 1000 + LEASE_MS),
        second.leases.claimShard(16, shard, 'b', 1000, 1000 + LEASE_MS),
      ]);
      expect(claims.filter(Boolean), `shard ${shard}`).toHaveLength(1);
    }
  });

  it('lets the holder renew, and nobody else until the lease runs out', async () => {
    expect(await first.leases.claimShard(2, 1, 'a', 1000, 3000)).toBe(true);
    expect(await first.leases.claimShard(2, 1, 'a', 2000, 4000)).toBe(true);
    // The renewal moved the expiry: at 3500 the first lease would have run out, the renewed one has not.
    expect(await second.leases.claimShard(2, 1, 'b', 3500, 5500)).toBe(false);
    expect(await second.leases.claimShard(2, 1, 'b', 3999, 5999)).toBe(false);
  });

  it('hands a lease that ran out to the next claimer, and the old holder cannot take it back', async () => {
    expect(await first.leases.claimShard(2, 0, 'a', 1000, 3000)).toBe(true);
    expect(await second.leases.claimShard(2, 0, 'b', 3000, 5000)).toBe(true);
    expect(await first.leases.claimShard(2, 0, 'a', 3100, 5100)).toBe(false);
    expect(await second.leases.claimShard(2, 0, 'b', 4000, 6000)).toBe(true);
  });

  it('tells who holds a shard’s lease and when it runs out', async () => {
    expect(await second.leases.leaseOf(2, 1)).toBeNull();
    await first.leases.claimShard(2, 1, 'a', 1000, 3000);
    expect(await second.leases.leaseOf(2, 1)).toEqual({ holder: 'a', expiresAt: 3000 });
    await first.leases.claimShard(2, 1, 'a', 2000, 4000);
    expect(await second.leases.leaseOf(2, 1)).toEqual({ holder: 'a', expiresAt: 4000 });
    await first.leases.releaseShard(2, 1, 'a');
    expect(await second.leases.leaseOf(2, 1)).toBeNull();
  });

  it('takes a live lease over from a gone holder only while that holder still holds it', async () => {
    expect(await first.leases.claimShard(2, 1, 'gone', 1000, 30_000)).toBe(true);
    // Two successors take it over at once: one of them gets it.
    const takeovers = await Promise.all([
      first.leases.takeOverShard(2, 1, 'gone', 'a', 32_000),
      second.leases.takeOverShard(2, 1, 'gone', 'b', 32_000),
    ]);
    expect(takeovers.filter(Boolean)).toHaveLength(1);
    const winner = takeovers[0] ? 'a' : 'b';
    expect(await second.leases.leaseOf(2, 1)).toEqual({ holder: winner, expiresAt: 32_000 });
    // Nothing to take from a holder that no longer holds it, nor from a free shard.
    expect(await second.leases.takeOverShard(2, 1, 'gone', 'c', 33_000)).toBe(false);
    expect(await second.leases.takeOverShard(2, 0, 'gone', 'c', 33_000)).toBe(false);
    expect(await second.leases.leaseOf(2, 0)).toBeNull();
  });

  it('frees the shard at once on release, and only the holder can release it', async () => {
    expect(await first.leases.claimShard(2, 0, 'a', 1000, 3000)).toBe(true);
    await second.leases.releaseShard(2, 0, 'b');
    expect(await second.leases.claimShard(2, 0, 'b', 1100, 3100)).toBe(false);
    await first.leases.releaseShard(2, 0, 'a');
    expect(await second.leases.claimShard(2, 0, 'b', 1200, 3200)).toBe(true);
  });

  it('keeps the leases of different shard counts apart', async () => {
    expect(await first.leases.claimShard(2, 0, 'a', 1000, 3000)).toBe(true);
    expect(await second.leases.claimShard(4, 0, 'b', 1000, 3000)).toBe(true);
    expect(await second.leases.claimShard(2, 1, 'b', 1000, 3000)).toBe(true);
    expect(await first.leases.claimShard(2, 1, 'a', 1000, 3000)).toBe(false);
  });
});

describe('schema 10 on an existing SQLite file', () => {
  it('copies the version 9 file beside itself, then adds the lease rows', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hare-leases-'));
    try {
      const file = join(folder, 'hare.db');
      openDatabase(file, { migrations: MIGRATIONS.slice(0, 9) }).close();
      const store = openSqliteStore(file);
      // Migrated through schema 10 (the lease rows) to the latest.
      expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(existsSync(`${file}.backup-v9`)).toBe(true);
      expect(await store.leases.claimShard(1, 0, 'a', 0, 1000)).toBe(true);
      store.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
