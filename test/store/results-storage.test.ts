/**
 * A finished game's statistics and ratings through the Storage interface on both engines (the SQL of
 * src/store/sql/results-sql.ts and reads-sql.ts): counted once, kept apart per game, and the leaderboards' orders.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameResults } from '../../src/store/game-writes';
import type { RatedSeat } from '../../src/store/rating-math';
import type { Storage } from '../../src/store/storage';
import type { TableShape } from '../../src/store/storage-rows';
import type { PlayerOutcome } from '../../src/store/types';
import { openTestStorage, STORAGE_ENGINES, type TestStorage } from '../support/pg-storage-engines';
import { startedGame } from '../support/started-game';

/** Ends the game with these outcomes counted (nobody rated); whether it was open to end. */
function finish(storage: Storage, gameId: string, gameKey: string, outcomes: PlayerOutcome[], now: number) {
  const results: GameResults = { guildId: 'g', gameKey, outcomes, rated: [] };
  return storage.games.closeGame(gameId, 'finished', 'completed', now, null, results);
}

/** Finished games written as rows, as a copy writes them: nothing counted or rated yet. */
const FINISHED_GAMES: TableShape = {
  name: 'games',
  key: ['id'],
  columns: [
    'id',
    'game_key',
    'guild_id',
    'channel_id',
    'host_id',
    'options',
    'status',
    'end_reason',
    'seed',
    'state_format',
    'created_at',
    'updated_at',
    'finished_at',
  ],
};

describe.each(STORAGE_ENGINES)('statistics and ratings on %s', (engine) => {
  let test: TestStorage;
  let storage: Storage;
  beforeEach(async () => {
    test = await openTestStorage(engine);
    storage = test.storage;
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('counts a finished game in the statistics exactly once', async () => {
    const outcomes: PlayerOutcome[] = [
      { userId: 'u1', name: 'One', place: 1, won: true, left: false, beat: ['novice'] },
      { userId: 'u2', name: 'Two', place: 3, won: false, left: true, beat: [] },
    ];
    expect(await finish(storage, 'game-1', 'hare', outcomes, 10)).toBe(false);
    await startedGame(storage, 'game-1');
    expect(await finish(storage, 'game-1', 'hare', outcomes, 10)).toBe(true);
    expect(await finish(storage, 'game-1', 'hare', outcomes, 11)).toBe(false);
    expect(await storage.stats.get('g', 'hare', 'u1')).toMatchObject({
      games: 1,
      wins: 1,
      placeSum: 1,
      gamesLeft: 0,
      beaten: { novice: 1 },
    });
    expect(await storage.stats.get('g', 'hare', 'u2')).toMatchObject({
      games: 1,
      wins: 0,
      placeSum: 3,
      gamesLeft: 1,
    });
    expect(await storage.stats.get('other-guild', 'hare', 'u1')).toBeNull();
  });

  it('accumulates the games a player left, and keeps the statistics of each game apart', async () => {
    const left = (place: number): PlayerOutcome => ({
      userId: 'u1',
      name: 'One',
      place,
      won: false,
      left: true,
      beat: [],
    });
    await startedGame(storage, 'first');
    await startedGame(storage, 'second');
    await startedGame(storage, 'other-game', 'greed');
    await finish(storage, 'first', 'hare', [left(4)], 1);
    await finish(storage, 'second', 'hare', [left(3)], 2);
    await finish(
      storage,
      'other-game',
      'greed',
      [{ ...left(1), left: false, won: true, beat: ['greedy'] }],
      3,
    );
    expect(await storage.stats.get('g', 'hare', 'u1')).toMatchObject({
      games: 2,
      wins: 0,
      placeSum: 7,
      gamesLeft: 2,
    });
    expect(await storage.stats.get('g', 'greed', 'u1')).toMatchObject({
      games: 1,
      wins: 1,
      gamesLeft: 0,
      beaten: { greedy: 1 },
    });
    expect((await storage.stats.leaderboard('g', 'greed', 10)).map((row) => row.gameKey)).toEqual(['greed']);
  });

  it('ranks the leaderboard by wins, then win rate', async () => {
    const results: [string, string, boolean][] = [
      ['g1', 'steady', true],
      ['g2', 'steady', true],
      ['g3', 'steady', false],
      ['g4', 'sharp', true],
      ['g5', 'sharp', true],
      ['g6', 'lucky', true],
    ];
    for (const [gameId, userId, won] of results) {
      await startedGame(storage, gameId);
      await finish(
        storage,
        gameId,
        'hare',
        [{ userId, name: userId, place: won ? 1 : 2, won, left: false, beat: [] }],
        1,
      );
    }
    const board = await storage.stats.leaderboard('g', 'hare', 10);
    expect(board.map((s) => [s.userId, s.wins, s.games])).toEqual([
      ['sharp', 2, 2],
      ['steady', 2, 3],
      ['lucky', 1, 1],
    ]);
    expect(await storage.stats.leaderboard('g', 'hare', 1)).toHaveLength(1);
  });

  it('orders the ratings leaderboard by the conservative rating and leaves computers out of it', async () => {
    const now = 1_000;
    const games = [
      ['g1', 'ann'],
      ['g2', 'ann'],
      ['g3', 'bob'],
    ] as const;
    await storage.rows.insert(
      FINISHED_GAMES,
      games.map(([id]) => ({
        id,
        game_key: 'hare',
        guild_id: 'guild',
        channel_id: `c-${id}`,
        host_id: 'ann',
        options: '{}',
        status: 'finished',
        end_reason: 'completed',
        seed: 's',
        state_format: 1,
        created_at: 0,
        updated_at: 0,
        finished_at: now,
      })),
    );
    for (const [id, winner] of games) {
      const loser = winner === 'ann' ? 'bob' : 'ann';
      const seats: RatedSeat[] = [
        { playerId: winner, name: winner, place: 1 },
        { playerId: loser, name: loser, place: 2 },
        { playerId: 'computer:novice', name: 'Computer (novice)', place: 3 },
      ];
      const game = { gameId: id, guildId: 'guild', gameKey: 'hare', seats };
      expect(await storage.ratings.rateGame(game, now)).toBe(true);
      expect(await storage.ratings.rateGame(game, now)).toBe(false);
    }
    const board = await storage.ratings.leaderboard('guild', 'hare', 10);
    expect(board.map((r) => [r.playerId, r.games, r.wins])).toEqual([
      ['ann', 3, 2],
      ['bob', 3, 1],
    ]);
    expect(board[0]!.conservative).toBeGreaterThan(board[1]!.conservative);
    expect((await storage.ratings.get('guild', 'hare', 'computer:novice'))?.games).toBe(3);
    expect(await storage.ratings.history('guild', 'hare', 'ann', 10)).toHaveLength(3);
  });
});
