import { describe, expect, it } from 'vitest';
import { FakeClock, type GameUpdate } from '../../src/service/index';
import type { GameOwnership } from '../../src/service/context';
import { shardOfGuild } from '../../src/service/shard-leases';
import { ALICE, makeHarness, testLocation, type Harness } from './helpers';

/** A guild id of shard `shard` of 2. */
const guildOfShard = (shard: number, index: number) =>
  ((1_700_000_000_000n + BigInt(index * 2 + shard)) << 22n).toString();

/** Ownership by shard of 2 that a test can change, as a lease change would. */
class Shards implements GameOwnership {
  constructor(public held: Set<number>) {}
  ownsGuild(guildId: string): boolean {
    return this.held.has(shardOfGuild(guildId, 2));
  }
}

describe('two services on one database, each driving the games of its shards', () => {
  async function processOn(file: string, clock: FakeClock, shards: Shards): Promise<Harness> {
    const h = await makeHarness({ file, clock, ownership: shards, config: { aiTurnDelayMs: 1000 } });
    return h;
  }

  /** A Candy Land game of computers only in `guildId`, opened and started through `h` (its owner). */
  async function computerGame(h: Harness, guildId: string, channel: string): Promise<string> {
    const lobby = await h.service.openLobby({
      game: 'candyland',
      guildId,
      channelId: channel,
      host: ALICE,
      seed: `seed-${channel}`,
      seats: 3,
    });
    await h.service.startGame(lobby.id, ALICE.id);
    await h.service.leave(lobby.id, ALICE.id);
    return lobby.id;
  }

  const actionsBy = (updates: GameUpdate[], gameId: string) =>
    updates.filter((update) => update.game.id === gameId && update.cause === 'action').length;

  async function runUntilFinished(clock: FakeClock, h: Harness, ids: string[]): Promise<void> {
    const finished = async () => {
      for (const id of ids) if (!(await h.service.status(id)).finished) return false;
      return true;
    };
    for (let step = 0; step < 20_000 && !(await finished()); step++) {
      if (!(await clock.runNext())) throw new Error('no timer armed: a game stalled');
    }
  }

  it('drives every game from exactly one process, and the other takes over a dead one’s games', async () => {
    const file = await testLocation();
    const clock = new FakeClock();
    const first = await processOn(file, clock, new Shards(new Set([0])));
    const secondShards = new Shards(new Set([1]));
    const second = await processOn(file, clock, secondShards);
    const ofFirst = [
      await computerGame(first, guildOfShard(0, 0), 'a0'),
      await computerGame(first, guildOfShard(0, 1), 'a1'),
    ];
    const ofSecond = [
      await computerGame(second, guildOfShard(1, 0), 'b0'),
      await computerGame(second, guildOfShard(1, 1), 'b1'),
    ];
    // Both restart: each arms timers from the shared database, and must arm only its own games'.
    for (const h of [first, second]) {
      h.service.stop();
      await h.service.start();
    }

    for (let step = 0; step < 12; step++) await clock.runNext();
    for (const id of ofFirst) expect(actionsBy(second.updates, id)).toBe(0);
    for (const id of ofSecond) expect(actionsBy(first.updates, id)).toBe(0);
    expect(ofFirst.map((id) => actionsBy(first.updates, id)).every((n) => n > 0)).toBe(true);

    // The first process dies; the second gains shard 0 (its lease) and resumes those games as a restart would.
    first.service.stop();
    const diedAfter = new Map<string, number>();
    for (const id of ofFirst) diedAfter.set(id, (await first.store.games.listActions(id)).length);
    secondShards.held = new Set([0, 1]);
    await second.service.ownershipChanged();
    await runUntilFinished(clock, second, [...ofFirst, ...ofSecond]);

    for (const id of [...ofFirst, ...ofSecond]) {
      expect((await second.service.status(id)).finished).toBe(true);
      const seqs = (await second.store.games.listActions(id)).map((row) => row.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    for (const id of ofFirst) {
      expect(actionsBy(first.updates, id)).toBe(diedAfter.get(id));
      expect(actionsBy(second.updates, id)).toBe(
        (await second.store.games.listActions(id)).length - diedAfter.get(id)!,
      );
    }
  });

  it('clears the timers of the games whose shard it lost', async () => {
    const file = await testLocation();
    const clock = new FakeClock();
    const shards = new Shards(new Set([0, 1]));
    const only = await processOn(file, clock, shards);
    await computerGame(only, guildOfShard(0, 0), 'a');
    await computerGame(only, guildOfShard(1, 0), 'b');
    expect(only.service.armedTimerCount()).toBe(2);
    shards.held = new Set([1]);
    await only.service.ownershipChanged();
    expect(only.service.armedTimerCount()).toBe(1);
  });
});
