import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGame } from '../../src/games/hare/rules/index';
import {
  ChannelBusyError,
  INITIAL_RATING,
  MIGRATIONS,
  migrate,
  openSqliteStore,
  type GameOptions,
  type SqliteStore,
  type NewLobby,
  type PlayerOutcome,
} from '../../src/store/index';

const OPTIONS: GameOptions = {
  seats: 2,
  computerLevel: 'novice',
  speed: 'normal',
  aiDelayMs: 10,
  humanTimeoutMs: 100,
  idlePolicy: 'computer',
  turnLimit: null,
  hostSeated: true,
  game: { rules: 'standard' },
  language: 'en',
};

function lobby(id: string, channelId = `channel-${id}`): NewLobby {
  return {
    id,
    guildId: 'g',
    channelId,
    hostId: 'u1',
    gameKey: 'hare',
    stateFormat: 1,
    options: OPTIONS,
    seed: `seed-${id}`,
    seats: [{ index: 0, kind: 'human', userId: 'u1', level: null, name: 'One', left: false }],
    now: 1000,
  };
}

/** A started two-seat game at version 1. */
function startedGame(store: SqliteStore, id: string) {
  store.games.createLobby(lobby(id));
  const state = createGame({ rules: 'standard', seats: 2, seed: `seed-${id}` });
  const seats = [
    { index: 0, kind: 'human' as const, userId: 'u1', level: null, name: 'One', left: false },
    {
      index: 1,
      kind: 'computer' as const,
      userId: null,
      level: 'novice' as const,
      name: 'Computer',
      left: false,
    },
  ];
  expect(store.games.startGame({ gameId: id, seats, state, nextDueAt: 2000, now: 1500 })).toBe(true);
  return state;
}

describe('the SQLite store', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()?.();
  });
  const memoryStore = () => {
    const store = openSqliteStore(':memory:');
    cleanups.push(() => store.close());
    return store;
  };

  it('migrates by user_version and sets the connection pragmas', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-store-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'sub', 'hare.db');
    const store = openSqliteStore(file);
    expect(store.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('synchronous', { simple: true })).toBe(1);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    store.games.createLobby(lobby('a'));
    store.close();
    const reopened = openSqliteStore(file);
    expect(reopened.games.getGame('a')?.status).toBe('lobby');
    reopened.close();
  });

  it('applies only the newer migrations, each in its own transaction', () => {
    const db = new Database(':memory:');
    const applied: number[] = [];
    const steps = [
      () => applied.push(1),
      (d: Database.Database) => {
        d.exec('CREATE TABLE t (x INTEGER)');
        applied.push(2);
      },
      (d: Database.Database) => {
        d.exec('CREATE TABLE u (x INTEGER)');
        throw new Error('broken migration');
      },
    ];
    migrate(db, steps.slice(0, 1));
    expect(() => migrate(db, steps)).toThrow('broken migration');
    expect(applied).toEqual([1, 2]);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'u'").get()).toBeUndefined();
    expect(() => migrate(db, [])).toThrow(/newer than this program/);
    db.close();
  });

  it('migration 2 marks the summaries of games finished before it as posted, and lists the missing ones', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS.slice(0, 1));
    const insert = db.prepare(
      `INSERT INTO games (id, guild_id, channel_id, host_id, rules, options, status, end_reason, seed, created_at, updated_at)
       VALUES (?, 'g', ?, 'h', 'standard', '{}', ?, ?, 's', 0, 0)`,
    );
    insert.run('old', 'c1', 'finished', 'completed');
    insert.run('live', 'c2', 'active', null);
    migrate(db, MIGRATIONS);
    const posted = (id: string) => db.prepare('SELECT summary_posted AS p FROM games WHERE id = ?').get(id);
    expect(posted('old')).toEqual({ p: 1 });
    expect(posted('live')).toEqual({ p: 0 });
    db.prepare("UPDATE games SET status = 'finished', end_reason = 'completed' WHERE id = 'live'").run();
    expect(db.prepare("SELECT id FROM games WHERE status = 'finished' AND summary_posted = 0").all()).toEqual(
      [{ id: 'live' }],
    );
    db.close();
  });

  it('allows one open game per channel', () => {
    const store = memoryStore();
    store.games.createLobby(lobby('a', 'c'));
    expect(() => store.games.createLobby(lobby('b', 'c'))).toThrow(ChannelBusyError);
    expect(store.games.closeGame('a', 'cancelled', 'cancelled', 2000)).toBe(true);
    store.games.createLobby(lobby('b', 'c'));
    expect(store.games.findOpenGameInChannel('c')?.id).toBe('b');
  });

  it('writes an action only at the expected version, with sequence numbers 1, 2, 3…', () => {
    const store = memoryStore();
    const state = startedGame(store, 'a');
    const commit = (expectedVersion: number) =>
      store.games.commitAction({
        gameId: 'a',
        expectedVersion,
        seat: 0,
        actor: 'u1',
        action: { type: 'move', to: 1 },
        state,
        nextDueAt: 3000,
        now: 2500,
      });
    expect(commit(1)).toEqual({ version: 2, seq: 1 });
    expect(commit(1)).toBeNull();
    expect(commit(2)).toEqual({ version: 3, seq: 2 });
    expect(store.games.listActions('a').map((row) => row.seq)).toEqual([1, 2]);
    expect(store.games.listActions('a', 1).map((row) => row.seq)).toEqual([2]);
    expect(store.games.getGame('a')).toMatchObject({ version: 3, nextDueAt: 3000, updatedAt: 2500 });
    store.games.closeGame('a', 'cancelled', 'cancelled', 2600);
    expect(commit(4)).toBeNull();
  });

  it('counts a finished game in the statistics exactly once', () => {
    const store = memoryStore();
    const outcomes: PlayerOutcome[] = [
      { userId: 'u1', name: 'One', place: 1, won: true, left: false, beat: ['novice'] },
      { userId: 'u2', name: 'Two', place: 3, won: false, left: true, beat: [] },
    ];
    expect(store.stats.recordGame('game-1', { guildId: 'g', gameKey: 'hare', outcomes }, 10)).toBe(false);
    startedGame(store, 'game-1');
    expect(store.stats.recordGame('game-1', { guildId: 'g', gameKey: 'hare', outcomes }, 10)).toBe(true);
    expect(store.stats.recordGame('game-1', { guildId: 'g', gameKey: 'hare', outcomes }, 11)).toBe(false);
    expect(store.stats.get('g', 'hare', 'u1')).toMatchObject({
      games: 1,
      wins: 1,
      placeSum: 1,
      gamesLeft: 0,
      beaten: { novice: 1 },
    });
    expect(store.stats.get('g', 'hare', 'u2')).toMatchObject({
      games: 1,
      wins: 0,
      placeSum: 3,
      gamesLeft: 1,
    });
    expect(store.stats.get('other-guild', 'hare', 'u1')).toBeNull();
  });

  it('accumulates the games a player left, and keeps the statistics of each game apart', () => {
    const store = memoryStore();
    const left = (place: number): PlayerOutcome => ({
      userId: 'u1',
      name: 'One',
      place,
      won: false,
      left: true,
      beat: [],
    });
    startedGame(store, 'first');
    startedGame(store, 'second');
    startedGame(store, 'other-game');
    store.stats.recordGame('first', { guildId: 'g', gameKey: 'hare', outcomes: [left(4)] }, 1);
    store.stats.recordGame('second', { guildId: 'g', gameKey: 'hare', outcomes: [left(3)] }, 2);
    store.stats.recordGame(
      'other-game',
      {
        guildId: 'g',
        gameKey: 'greed',
        outcomes: [{ ...left(1), left: false, won: true, beat: ['greedy'] }],
      },
      3,
    );
    expect(store.stats.get('g', 'hare', 'u1')).toMatchObject({
      games: 2,
      wins: 0,
      placeSum: 7,
      gamesLeft: 2,
    });
    expect(store.stats.get('g', 'greed', 'u1')).toMatchObject({
      games: 1,
      wins: 1,
      gamesLeft: 0,
      beaten: { greedy: 1 },
    });
    expect(store.stats.leaderboard('g', 'greed', 10).map((row) => row.gameKey)).toEqual(['greed']);
  });

  it('ranks the leaderboard by wins, then win rate', () => {
    const store = memoryStore();
    const results: [string, string, boolean][] = [
      ['g1', 'steady', true],
      ['g2', 'steady', true],
      ['g3', 'steady', false],
      ['g4', 'sharp', true],
      ['g5', 'sharp', true],
      ['g6', 'lucky', true],
    ];
    for (const [gameId, userId, won] of results) {
      startedGame(store, gameId);
      store.stats.recordGame(
        gameId,
        {
          guildId: 'g',
          gameKey: 'hare',
          outcomes: [{ userId, name: userId, place: won ? 1 : 2, won, left: false, beat: [] }],
        },
        1,
      );
    }
    expect(store.stats.leaderboard('g', 'hare', 10).map((s) => [s.userId, s.wins, s.games])).toEqual([
      ['sharp', 2, 2],
      ['steady', 2, 3],
      ['lucky', 1, 1],
    ]);
    expect(store.stats.leaderboard('g', 'hare', 1)).toHaveLength(1);
  });

  it('finishing an action records the statistics and the ratings in the same transaction, once', () => {
    const store = memoryStore();
    const state = startedGame(store, 'a');
    const finish = {
      guildId: 'g',
      gameKey: 'hare',
      outcomes: [{ userId: 'u1', name: 'One', place: 1, won: true, left: false, beat: [] }],
      rated: [
        { playerId: 'u1', name: 'One', place: 1 },
        { playerId: 'computer:novice', name: 'Computer (novice)', place: 2 },
      ],
    };
    const base = {
      gameId: 'a',
      seat: 0,
      actor: 'u1',
      action: { type: 'eat' as const },
      state,
      nextDueAt: null,
      now: 5,
    };
    expect(store.games.commitAction({ ...base, expectedVersion: 1, finish })).toEqual({ version: 2, seq: 1 });
    expect(store.games.getGame('a')).toMatchObject({
      status: 'finished',
      endReason: 'completed',
      finishedAt: 5,
    });
    expect(store.games.commitAction({ ...base, expectedVersion: 2, finish })).toBeNull();
    expect(store.stats.get('g', 'hare', 'u1')?.games).toBe(1);
    expect(store.ratings.get('g', 'hare', 'u1')).toMatchObject({ games: 1, wins: 1 });
    expect(store.ratings.get('g', 'hare', 'u1')!.mu).toBeGreaterThan(INITIAL_RATING.mu);
    expect(store.ratings.get('g', 'hare', 'computer:novice')!.mu).toBeLessThan(INITIAL_RATING.mu);
    expect(store.ratings.history('g', 'hare', 'u1', 10)).toHaveLength(1);
  });

  it('hands a human seat to a computer once, keeping who held it', () => {
    const store = memoryStore();
    startedGame(store, 'a');
    expect(store.games.handSeatToComputer('a', 0, 'advanced', 4000, 3000)).toBe(true);
    expect(store.games.handSeatToComputer('a', 0, 'advanced', 4000, 3000)).toBe(false);
    expect(store.games.getGame('a')?.seats[0]).toMatchObject({
      kind: 'computer',
      level: 'advanced',
      userId: 'u1',
      left: true,
    });
    expect(store.games.getGame('a')?.nextDueAt).toBe(4000);
  });

  it('lists the active games with their server and due times, and the lobbies', () => {
    const store = memoryStore();
    startedGame(store, 'a');
    store.games.createLobby(lobby('b'));
    expect(store.games.listActiveGames()).toEqual([{ id: 'a', guildId: 'g', nextDueAt: 2000 }]);
    expect(store.games.listLobbies()).toEqual([{ id: 'b', guildId: 'g', updatedAt: expect.any(Number) }]);
  });
});
