import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/service/clock';
import {
  ShardLeases,
  shardOfGuild,
  type LeaseStore,
  type ShardChange,
  type ShardLeaseOptions,
} from '../../src/service/shard-leases';

/** Lease rows in memory, with the same rule as the database statement. */
class MemoryLeases implements LeaseStore {
  readonly rows = new Map<string, { holder: string; expiresAt: number }>();
  unreachable = false;

  async claimShard(count: number, shard: number, holder: string, now: number, expiresAt: number) {
    if (this.unreachable) throw new Error('database unreachable');
    const key = `${count}/${shard}`;
    const row = this.rows.get(key);
    if (row && row.holder !== holder && row.expiresAt > now) return false;
    this.rows.set(key, { holder, expiresAt });
    return true;
  }

  async releaseShard(count: number, shard: number, holder: string) {
    const key = `${count}/${shard}`;
    if (this.rows.get(key)?.holder === holder) this.rows.delete(key);
  }

  async leaseOf(count: number, shard: number) {
    const row = this.rows.get(`${count}/${shard}`);
    return row ? { ...row } : null;
  }

  async takeOverShard(count: number, shard: number, from: string, holder: string, expiresAt: number) {
    const key = `${count}/${shard}`;
    if (this.rows.get(key)?.holder !== from) return false;
    this.rows.set(key, { holder, expiresAt });
    return true;
  }
}

const LEASE_MS = 15_000;
const RENEW_MS = 5_000;

interface Process {
  clock: FakeClock;
  leases: ShardLeases;
  changes: ShardChange[];
  alive: boolean;
}

/** A process with its own clock (a killed process's clock stops: its timers never fire again). */
function startProcess(
  store: LeaseStore,
  holder: string,
  start: number,
  shards = [0, 1],
  holderGone?: (holder: string) => boolean,
): Process {
  const clock = new FakeClock(start);
  const changes: ShardChange[] = [];
  const options: ShardLeaseOptions = {
    holder,
    shardCount: 2,
    shards,
    leaseMs: LEASE_MS,
    renewEveryMs: RENEW_MS,
    ...(holderGone ? { holderGone } : {}),
  };
  return {
    clock,
    leases: new ShardLeases(store, clock, options, (c) => changes.push(c)),
    changes,
    alive: true,
  };
}

/** Moves every live process's clock forward in small steps, letting their timers and claims run. */
async function advance(processes: Process[], ms: number): Promise<void> {
  for (let step = 0; step < ms; step += 500) {
    for (const process of processes.filter((p) => p.alive)) {
      await process.clock.advance(500);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

const T0 = Date.UTC(2026, 10, 26);

describe('shard leases', () => {
  it('routes a guild to its shard as Discord does: (guild_id >> 22) % shard_count', () => {
    const guildAt = (ms: bigint) => (ms << 22n).toString();
    expect(shardOfGuild(guildAt(1_000_000_000_000n), 4)).toBe(0);
    expect(shardOfGuild(guildAt(1_000_000_000_003n), 4)).toBe(3);
    expect(shardOfGuild(guildAt(1_000_000_000_003n) + '', 1)).toBe(0);
    expect(shardOfGuild('175928847299117063', 2)).toBe(Number((175928847299117063n >> 22n) % 2n));
  });

  it('gives each shard to exactly one process', async () => {
    const store = new MemoryLeases();
    const a = startProcess(store, 'a', T0);
    const b = startProcess(store, 'b', T0);
    await a.leases.start();
    await b.leases.start();
    await advance([a, b], 30_000);
    expect(a.leases.heldShards).toEqual([0, 1]);
    expect(b.leases.heldShards).toEqual([]);
    expect(a.changes).toEqual([{ gained: [0, 1], lost: [] }]);
    expect(b.changes).toEqual([]);
    const guild = (1_000_000_000_001n << 22n).toString();
    expect(a.leases.ownsGuild(guild)).toBe(true);
    expect(b.leases.ownsGuild(guild)).toBe(false);
  });

  it('hands the shards of a killed process to the next one only after its lease ran out', async () => {
    const store = new MemoryLeases();
    const a = startProcess(store, 'a', T0);
    const b = startProcess(store, 'b', T0);
    await a.leases.start();
    await b.leases.start();
    await advance([a, b], 7_000);
    a.alive = false; // SIGKILL: no more renewals, no release
    const killedAt = b.clock.now();
    const lastRenewal = store.rows.get('2/0')!.expiresAt - LEASE_MS;
    while (b.leases.heldShards.length === 0) {
      await advance([b], 500);
      if (b.clock.now() < lastRenewal + LEASE_MS) expect(b.leases.heldShards).toEqual([]);
    }
    expect(b.leases.heldShards).toEqual([0, 1]);
    expect(b.changes).toEqual([{ gained: [0, 1], lost: [] }]);
    expect(b.clock.now() - killedAt).toBeLessThanOrEqual(LEASE_MS + RENEW_MS);
    expect(b.clock.now()).toBeGreaterThanOrEqual(lastRenewal + LEASE_MS);
  });

  it('claims a killed process’s shards the moment its lease runs out, not at its own next round', async () => {
    const store = new MemoryLeases();
    const a = startProcess(store, 'a', T0);
    await a.leases.start();
    await advance([a], 2_500);
    // b's rounds fall between a's: at b's round before a's lease runs out, its next one is 2.5 s after it.
    const b = startProcess(store, 'b', T0 + 2_500);
    await b.leases.start();
    await advance([a, b], 5_000);
    a.alive = false;
    const runsOut = store.rows.get('2/0')!.expiresAt;
    while (b.leases.heldShards.length === 0) await advance([b], 500);
    expect(b.clock.now()).toBeGreaterThanOrEqual(runsOut);
    expect(b.clock.now() - runsOut).toBeLessThan(1_000);
  });

  it('releases its shards on a clean stop, so the next process takes them at its next renewal', async () => {
    const store = new MemoryLeases();
    const a = startProcess(store, 'a', T0);
    const b = startProcess(store, 'b', T0);
    await a.leases.start();
    await b.leases.start();
    await a.leases.stop();
    a.alive = false;
    expect(a.changes.at(-1)).toEqual({ gained: [], lost: [0, 1] });
    await advance([b], RENEW_MS);
    expect(b.leases.heldShards).toEqual([0, 1]);
  });

  it('stops driving when it cannot renew, once its own lease time has run out', async () => {
    const store = new MemoryLeases();
    const a = startProcess(store, 'a', T0);
    await a.leases.start();
    store.unreachable = true;
    await advance([a], LEASE_MS - 1_000);
    expect(a.leases.heldShards).toEqual([0, 1]);
    await advance([a], 1_000);
    expect(a.leases.heldShards).toEqual([]);
    await advance([a], RENEW_MS);
    expect(a.changes.at(-1)).toEqual({ gained: [], lost: [0, 1] });
    store.unreachable = false;
    await advance([a], RENEW_MS);
    expect(a.changes.at(-1)).toEqual({ gained: [0, 1], lost: [] });
  });

  it('takes the shards of a holder known to be gone at once, without waiting out its lease', async () => {
    const store = new MemoryLeases();
    const a = startProcess(store, 'a', T0);
    await a.leases.start();
    await advance([a], 2_000);
    a.alive = false; // SIGKILL: the lease rows still name it for LEASE_MS
    const gone = new Set(['a']);
    const b = startProcess(store, 'b', T0 + 2_000, [0, 1], (holder) => gone.has(holder));
    await b.leases.start();
    expect(b.leases.heldShards).toEqual([0, 1]);
    expect(b.changes).toEqual([{ gained: [0, 1], lost: [] }]);
    expect(store.rows.get('2/0')!.holder).toBe('b');
    // A holder not known to be gone keeps its lease.
    const c = startProcess(store, 'c', T0 + 2_000, [0, 1], (holder) => holder === 'nobody');
    await c.leases.start();
    expect(c.leases.heldShards).toEqual([]);
  });

  it('tells a waiter when the shard comes to it, or that a live process holds it on', async () => {
    const store = new MemoryLeases();
    const a = startProcess(store, 'a', T0, [0]);
    const b = startProcess(store, 'b', T0, [0]);
    await a.leases.start();
    await b.leases.start();
    const lease = b.leases.otherLease(0)!;
    expect(lease.holder).toBe('a');
    expect(b.leases.renewedLately(lease)).toBe(true);
    // a keeps renewing: past the lease b saw, b is told another process holds the shard.
    const kept = b.leases.waitFor(0, T0 + 600_000);
    await advance([a, b], LEASE_MS + RENEW_MS);
    await expect(kept).resolves.toBe('elsewhere');
    // a dies: its lease is soon no longer renewed lately, and a waiter gets the shard once it runs out.
    a.alive = false;
    await advance([b], RENEW_MS * 2);
    expect(b.leases.renewedLately(b.leases.otherLease(0)!)).toBe(false);
    const gained = b.leases.waitFor(0, T0 + 600_000);
    await advance([b], LEASE_MS);
    await expect(gained).resolves.toBe('held');
    // A deadline ends a wait.
    const c = startProcess(store, 'c', b.clock.now(), [0]);
    await c.leases.start();
    const late = c.leases.waitFor(0, c.clock.now() + 1_000);
    await advance([b, c], 1_500);
    await expect(late).resolves.toBe('timeout');
  });

  it('claims at once when asked for a round (an interaction came for the shard)', async () => {
    const store = new MemoryLeases();
    const a = startProcess(store, 'a', T0, [0]);
    const b = startProcess(store, 'b', T0, [0]);
    await a.leases.start();
    await b.leases.start();
    await a.leases.stop();
    expect(b.leases.heldShards).toEqual([]);
    await b.clock.advance(1_000);
    await b.leases.claimSoon();
    expect(b.leases.heldShards).toEqual([0]);
  });
});
