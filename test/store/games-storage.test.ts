/**
 * Games, their actions and seats through the Storage interface on both engines (once tests of the synchronous
 * SQLite store): one open game per channel, writes only at the expected version, a finishing action's results
 * written once, a seat handed over once, the lists the timers and the start-up read, and the outbox's pruning.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChannelBusyError, INITIAL_RATING, OUTBOX_MAX_AGE_MS } from '../../src/store/index';
import type { ActionCommit } from '../../src/store/game-writes';
import { GameMovedOnError, type Storage } from '../../src/store/storage';
import { openTestStorage, STORAGE_ENGINES, type TestStorage } from '../support/pg-storage-engines';
import { openLobby, startedGame } from '../support/started-game';

describe.each(STORAGE_ENGINES)('games on %s', (engine) => {
  let test: TestStorage;
  let storage: Storage;
  beforeEach(async () => {
    test = await openTestStorage(engine);
    storage = test.storage;
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('allows one open game per channel', async () => {
    await openLobby(storage, 'a', 'c');
    await expect(openLobby(storage, 'b', 'c')).rejects.toBeInstanceOf(ChannelBusyError);
    expect(await storage.games.closeGame('a', 'cancelled', 'cancelled', 2000)).toBe(true);
    await openLobby(storage, 'b', 'c');
    expect((await storage.games.findOpenGameInChannel('c'))?.id).toBe('b');
  });

  it('writes an action only at the expected version, with sequence numbers 1, 2, 3…', async () => {
    await startedGame(storage, 'a');
    const commit = (expectedVersion: number) =>
      storage.games.commitAction({
        gameId: 'a',
        expectedVersion,
        seat: 0,
        actor: 'u1',
        action: { type: 'move', to: 1 },
        state: { turn: expectedVersion },
        nextDueAt: 3000,
        now: 2500,
      });
    expect(await commit(1)).toEqual({ version: 2, seq: 1 });
    await expect(commit(1)).rejects.toBeInstanceOf(GameMovedOnError);
    expect(await commit(2)).toEqual({ version: 3, seq: 2 });
    expect((await storage.games.listActions('a')).map((row) => row.seq)).toEqual([1, 2]);
    expect((await storage.games.listActions('a', 1)).map((row) => row.seq)).toEqual([2]);
    expect(await storage.games.getGame('a')).toMatchObject({ version: 3, nextDueAt: 3000, updatedAt: 2500 });
    await storage.games.closeGame('a', 'cancelled', 'cancelled', 2600);
    await expect(commit(4)).rejects.toBeInstanceOf(GameMovedOnError);
  });

  it('finishing an action records the statistics and the ratings in the same transaction, once', async () => {
    await startedGame(storage, 'a');
    const base: Omit<ActionCommit, 'expectedVersion'> = {
      gameId: 'a',
      seat: 0,
      actor: 'u1',
      action: { type: 'eat' },
      state: { turn: 1 },
      nextDueAt: null,
      now: 5,
      finish: {
        guildId: 'g',
        gameKey: 'hare',
        outcomes: [{ userId: 'u1', name: 'One', place: 1, won: true, left: false, beat: [] }],
        rated: [
          { playerId: 'u1', name: 'One', place: 1 },
          { playerId: 'computer:novice', name: 'Computer (novice)', place: 2 },
        ],
      },
    };
    expect(await storage.games.commitAction({ ...base, expectedVersion: 1 })).toEqual({ version: 2, seq: 1 });
    expect(await storage.games.getGame('a')).toMatchObject({
      status: 'finished',
      endReason: 'completed',
      finishedAt: 5,
    });
    await expect(storage.games.commitAction({ ...base, expectedVersion: 2 })).rejects.toBeInstanceOf(
      GameMovedOnError,
    );
    expect((await storage.stats.get('g', 'hare', 'u1'))?.games).toBe(1);
    expect(await storage.ratings.get('g', 'hare', 'u1')).toMatchObject({ games: 1, wins: 1 });
    expect((await storage.ratings.get('g', 'hare', 'u1'))!.mu).toBeGreaterThan(INITIAL_RATING.mu);
    expect((await storage.ratings.get('g', 'hare', 'computer:novice'))!.mu).toBeLessThan(INITIAL_RATING.mu);
    expect(await storage.ratings.history('g', 'hare', 'u1', 10)).toHaveLength(1);
  });

  it('hands a human seat to a computer once, keeping who held it', async () => {
    await startedGame(storage, 'a');
    expect(await storage.games.handSeatToComputer('a', 0, 'advanced', 4000, 3000)).toBe(true);
    expect(await storage.games.handSeatToComputer('a', 0, 'advanced', 4000, 3000)).toBe(false);
    const game = await storage.games.getGame('a');
    expect(game?.seats[0]).toMatchObject({ kind: 'computer', level: 'advanced', userId: 'u1', left: true });
    expect(game?.nextDueAt).toBe(4000);
  });

  it('lists the active games with their server and due times, and the lobbies', async () => {
    await startedGame(storage, 'a');
    await openLobby(storage, 'b');
    expect(await storage.games.listActiveGames()).toEqual([{ id: 'a', guildId: 'g', nextDueAt: 2000 }]);
    expect(await storage.games.listLobbies()).toEqual([
      { id: 'b', guildId: 'g', updatedAt: expect.any(Number) },
    ]);
  });

  it('prunes outbox rows older than a week and keeps the recent ones', async () => {
    const now = Date.UTC(2026, 10, 25);
    await openLobby(storage, 'g1', 'chan');
    const old = { gameId: 'g1', channelId: 'chan', kind: 'delete' as const, messageId: 'm1' };
    await storage.outbox.add(old, now - OUTBOX_MAX_AGE_MS - 1);
    await storage.outbox.add({ ...old, messageId: 'm2' }, now - 1000);
    expect(await storage.maintenance.outboxDepth()).toBe(2);
    expect(await storage.maintenance.pruneOutbox(now)).toBe(1);
    expect((await storage.outbox.all()).map((entry) => entry.messageId)).toEqual(['m2']);
  });
});
