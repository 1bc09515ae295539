/**
 * A storage outage must not freeze games: a due turn or a lobby's expiry whose write fails is tried again with
 * backoff, the overdue sweep arms games whose timers were lost, and once the database takes writes again every
 * game moves within 30 s, each step written once (on both engines; the outages are the engines' own errors).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GameOwnership } from '../../src/service/context';
import { isStorageUnavailable } from '../../src/store/index';
import type { Storage } from '../../src/store/storage';
import {
  diskFullUnder,
  postgresReadOnly,
  sqliteReadOnly,
  startComputerGames,
  versionsOf,
  type Outage,
} from '../support/storage-outage';
import { GUILD, makeHarness, openHarnessStorage, testLocation, TEST_ENGINE, type Harness } from './helpers';

const AI_DELAY = 1500;

const cleanups: (() => Promise<void>)[] = [];
const afterThis = (cleanup: () => Promise<void>) => cleanups.push(cleanup);
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A started harness on a new database, and the outage `kind` of its engine. */
async function outageHarness(kind: 'read-only' | 'full'): Promise<{ h: Harness; outage: Outage }> {
  const location = await testLocation();
  const config = { lobbyIdleMs: 60_000 };
  if (kind === 'full') {
    const opened = await openHarnessStorage(location);
    const full = diskFullUnder(opened.storage);
    const h = await makeHarness({ store: full.storage, config });
    afterThis(() => opened.storage.close());
    return { h, outage: full.outage };
  }
  const h = await makeHarness({ file: location, config });
  return {
    h,
    outage: TEST_ENGINE === 'postgres' ? postgresReadOnly(location) : sqliteReadOnly(h.sqlite!.db),
  };
}

/** Every game's log replays to its stored state, one row per version (nothing applied twice or lost). */
async function expectIntact(h: Harness, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    expect(await h.service.replayCheck(id)).toMatchObject({ ok: true });
    const game = (await h.service.getGame(id))!;
    const actions = await h.store.games.listActions(id);
    expect(actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
    expect(actions.length).toBe(game.version - 1);
  }
}

describe('a storage outage', () => {
  for (const kind of ['read-only', 'full'] as const)
    it(`(${kind}): failed turns and lobby expiries are retried, and every game moves once storage is back`, async () => {
      const { h, outage } = await outageHarness(kind);
      const ids = await startComputerGames(h.service, GUILD);
      const lobby = await h.service.openLobby({
        game: 'greed',
        guildId: GUILD,
        channelId: 'outage-lobby',
        host: { id: '200', name: 'Bob' },
      });
      await h.clock.advance(AI_DELAY * 2);
      const before = await versionsOf(h.service, ids);
      expect(before.every((version) => version > 1)).toBe(true);

      await outage.begin();
      await h.clock.advance(70_000);
      expect(await versionsOf(h.service, ids)).toEqual(before);
      expect((await h.service.getGame(lobby.id))!.status).toBe('lobby');
      expect(h.errors.length).toBeGreaterThan(0);
      expect(
        h.errors.every((e) => isStorageUnavailable(e.error)),
        String(h.errors[0]?.error),
      ).toBe(true);
      expect(h.service.overdueGames(5_000)).toEqual({ turns: ids.length, lobbies: 1 });
      expect(h.service.overdueGames(60_000)).toEqual({ turns: ids.length, lobbies: 0 });

      await outage.end();
      await h.clock.advance(30_000);
      const after = await versionsOf(h.service, ids);
      for (const [i, version] of after.entries()) expect(version, ids[i]).toBeGreaterThan(before[i]!);
      expect((await h.service.getGame(lobby.id))!.status).toBe('cancelled');
      expect(h.service.overdueGames(0)).toEqual({ turns: 0, lobbies: 0 });
      await expectIntact(h, ids);
    });

  it('the overdue sweep arms the games whose timers were lost (a re-arm that failed)', async () => {
    const location = await testLocation();
    const opened = await openHarnessStorage(location);
    let listingFails = false;
    const unavailable = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    const games = new Proxy(opened.storage.games, {
      get: (target, key) =>
        key === 'listActiveGames' && listingFails
          ? () => Promise.reject(unavailable)
          : Reflect.get(target, key, target),
    });
    const store: Storage = { ...opened.storage, games };
    const owned = { now: true };
    const ownership: GameOwnership = { ownsGuild: () => owned.now };
    const h = await makeHarness({ store, ownership, config: { sweepEveryMs: 10_000 } });
    try {
      const ids = await startComputerGames(h.service, GUILD);
      await h.clock.advance(AI_DELAY * 2);
      // The shard is lost, then held again while the database cannot be read: the re-arm fails.
      owned.now = false;
      await h.service.ownershipChanged();
      owned.now = true;
      listingFails = true;
      await expect(h.service.ownershipChanged()).rejects.toThrow(/terminated/);
      const before = await versionsOf(h.service, ids);
      await h.clock.advance(20_000);
      expect(await versionsOf(h.service, ids)).toEqual(before);

      listingFails = false;
      await h.clock.advance(30_000);
      const after = await versionsOf(h.service, ids);
      for (const [i, version] of after.entries()) expect(version, ids[i]).toBeGreaterThan(before[i]!);
      await expectIntact(h, ids);
    } finally {
      await h.dispose();
      await opened.storage.close();
    }
  });

  it('a step written although its answer was lost (the connection dropped) is announced once storage answers', async () => {
    const opened = await openHarnessStorage(await testLocation());
    let loseAnswer = false;
    const lost = new Error('Connection terminated unexpectedly');
    const games = new Proxy(opened.storage.games, {
      get: (target, key) =>
        key === 'commitAction'
          ? async (...args: Parameters<Storage['games']['commitAction']>) => {
              const written = await target.commitAction(...args);
              if (!loseAnswer) return written;
              loseAnswer = false;
              throw lost;
            }
          : Reflect.get(target, key, target),
    });
    const h = await makeHarness({ store: { ...opened.storage, games } });
    afterThis(() => opened.storage.close());
    const [id] = await startComputerGames(h.service, GUILD);
    await h.clock.advance(AI_DELAY * 2);
    loseAnswer = true;
    await h.clock.advance(AI_DELAY * 4 + 5000);
    expect(h.errors.map((e) => e.error)).toEqual([lost]);
    const game = (await h.service.getGame(id!))!;
    const announced = h.updates.filter((u) => u.game.id === id).map((u) => u.game.version);
    // Every version the game went through was announced, the one whose answer was lost too, once.
    expect(announced).toEqual(Array.from({ length: game.version }, (_, i) => i + 1));
    await expectIntact(h, [id!]);
  });
});
