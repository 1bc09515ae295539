import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock, type GameUpdate } from '../../src/service/index';
import type { GameOwnership } from '../../src/service/context';
import { shardOfGuild } from '../../src/service/shard-leases';
import { ALICE, makeHarness, tempDir, type Harness } from './helpers';

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
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()?.();
  });

  function processOn(file: string, clock: FakeClock, shards: Shards): Harness {
    const h = makeHarness({ file, clock, ownership: shards, config: { aiTurnDelayMs: 1000 } });
    cleanups.push(() => {
      h.service.stop();
      if (h.store.db.open) h.store.close();
    });
    return h;
  }

  /** A Candy Land game of computers only in `guildId`, opened and started through `h` (its owner). */
  function computerGame(h: Harness, guildId: string, channel: string): string {
    const lobby = h.service.openLobby({
      game: 'candyland',
      guildId,
      channelId: channel,
      host: ALICE,
      seed: `seed-${channel}`,
      seats: 3,
    });
    h.service.startGame(lobby.id, ALICE.id);
    h.service.leave(lobby.id, ALICE.id);
    return lobby.id;
  }

  const actionsBy = (updates: GameUpdate[], gameId: string) =>
    updates.filter((update) => update.game.id === gameId && update.cause === 'action').length;

  function runUntilFinished(clock: FakeClock, h: Harness, ids: string[]): void {
    for (let step = 0; step < 20_000 && ids.some((id) => !h.service.status(id).finished); step++) {
      if (!clock.runNext()) throw new Error('no timer armed: a game stalled');
    }
  }

  it('drives every game from exactly one process, and the other takes over a dead one’s games', () => {
    const { dir, cleanup } = tempDir('hare-shards-');
    cleanups.push(cleanup);
    const file = `${dir}/games.db`;
    const clock = new FakeClock();
    const first = processOn(file, clock, new Shards(new Set([0])));
    const secondShards = new Shards(new Set([1]));
    const second = processOn(file, clock, secondShards);
    const ofFirst = [0, 1].map((i) => computerGame(first, guildOfShard(0, i), `a${i}`));
    const ofSecond = [0, 1].map((i) => computerGame(second, guildOfShard(1, i), `b${i}`));
    // Both restart: each arms timers from the shared database, and must arm only its own games'.
    for (const h of [first, second]) {
      h.service.stop();
      h.service.start();
    }

    for (let step = 0; step < 12; step++) clock.runNext();
    for (const id of ofFirst) expect(actionsBy(second.updates, id)).toBe(0);
    for (const id of ofSecond) expect(actionsBy(first.updates, id)).toBe(0);
    expect(ofFirst.map((id) => actionsBy(first.updates, id)).every((n) => n > 0)).toBe(true);

    // The first process dies; the second gains shard 0 (its lease) and resumes those games as a restart would.
    first.service.stop();
    const diedAfter = new Map(ofFirst.map((id) => [id, first.store.games.listActions(id).length]));
    secondShards.held = new Set([0, 1]);
    second.service.ownershipChanged();
    runUntilFinished(clock, second, [...ofFirst, ...ofSecond]);

    for (const id of [...ofFirst, ...ofSecond]) {
      expect(second.service.status(id).finished).toBe(true);
      const seqs = second.store.games.listActions(id).map((row) => row.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    for (const id of ofFirst) {
      expect(actionsBy(first.updates, id)).toBe(diedAfter.get(id));
      expect(actionsBy(second.updates, id)).toBe(
        second.store.games.listActions(id).length - diedAfter.get(id)!,
      );
    }
  });

  it('clears the timers of the games whose shard it lost', () => {
    const { dir, cleanup } = tempDir('hare-shards-');
    cleanups.push(cleanup);
    const clock = new FakeClock();
    const shards = new Shards(new Set([0, 1]));
    const only = processOn(`${dir}/games.db`, clock, shards);
    computerGame(only, guildOfShard(0, 0), 'a');
    computerGame(only, guildOfShard(1, 0), 'b');
    expect(only.service.armedTimerCount()).toBe(2);
    shards.held = new Set([1]);
    only.service.ownershipChanged();
    expect(only.service.armedTimerCount()).toBe(1);
  });
});
