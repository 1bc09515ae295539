/**
 * The storage interface on both engines, from one suite: every method, the version checks between two
 * connections (two processes), and the game's end written with its statistics and ratings or not at all.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ChannelBusyError,
  INITIAL_RATING,
  MIGRATIONS,
  OUTBOX_MAX_AGE_MS,
  rateGame,
  type SkillRating,
} from '../../src/store/index';
import type { ActionCommit } from '../../src/store/game-writes';
import { openStorageAt } from '../../src/store/open-storage';
import { PG_SCHEMA_VERSION } from '../../src/store/pg/schema';
import { GameMovedOnError, type LobbyOpening, type Storage } from '../../src/store/storage';
import { COPIED_TABLES } from '../../src/store/storage-rows';
import type { GameOptions, SeatRecord } from '../../src/store/types';
import { openTestStorage, STORAGE_ENGINES, type TestStorage } from '../support/pg-storage-engines';

const OPTIONS: GameOptions = {
  seats: 3,
  computerLevel: 'novice',
  speed: 'normal',
  aiDelayMs: 10,
  humanTimeoutMs: 100,
  idlePolicy: 'computer',
  turnLimit: null,
  hostSeated: true,
  game: {},
  language: 'en',
};

const human = (index: number, userId: string): SeatRecord => ({
  index,
  kind: 'human',
  userId,
  level: null,
  name: `Player ${userId}`,
  left: false,
  clientSeed: null,
});
const computer = (index: number): SeatRecord => ({
  index,
  kind: 'computer',
  userId: null,
  level: 'novice',
  name: `Computer ${index + 1}`,
  left: false,
  clientSeed: null,
});

function opening(id: string, channelId = `c-${id}`, now = 1000): LobbyOpening {
  return {
    id,
    guildId: 'g',
    channelId,
    hostId: 'alice',
    gameKey: 'tiny',
    stateFormat: 1,
    options: OPTIONS,
    seed: `seed-${id}`,
    seats: [human(0, 'alice')],
    now,
  };
}

/** A started game (alice, bob, a computer) at version 1. */
async function started(storage: Storage, id: string, now = 1000): Promise<void> {
  await storage.games.createLobby(opening(id, `c-${id}`, now));
  await storage.games.startGame({
    gameId: id,
    expected: { hostId: 'alice', seats: [human(0, 'alice')] },
    seats: [human(0, 'alice'), human(1, 'bob'), computer(2)],
    state: { turn: 0 },
    nextDueAt: now + 500,
    now: now + 1,
  });
}

function action(gameId: string, expectedVersion: number, now: number, finish = false): ActionCommit {
  return {
    gameId,
    expectedVersion,
    seat: (expectedVersion - 1) % 3,
    actor: 'alice',
    action: { type: 'add', amount: expectedVersion },
    state: { turn: expectedVersion },
    nextDueAt: finish ? null : now + 500,
    now,
    finish: finish
      ? {
          guildId: 'g',
          gameKey: 'tiny',
          outcomes: [
            { userId: 'alice', name: 'Alice', place: 1, won: true, left: false, beat: ['novice'] },
            { userId: 'bob', name: 'Bob', place: 3, won: false, left: false, beat: [] },
          ],
          rated: [
            { playerId: 'alice', name: 'Alice', place: 1 },
            { playerId: 'computer:novice', name: 'Novice', place: 2 },
            { playerId: 'bob', name: 'Bob', place: 3 },
          ],
        }
      : undefined,
  };
}

/** Plays game `id` to its end: two moves, then the finishing one (at version 4). */
async function finished(storage: Storage, id: string, now = 1000): Promise<void> {
  await started(storage, id, now);
  await storage.games.commitAction(action(id, 1, now + 10));
  await storage.games.commitAction(action(id, 2, now + 20));
  await storage.games.commitAction(action(id, 3, now + 30, true));
}

/** A child process running test/store/<script>; `said` resolves once it printed `word`, `finished` with its last line. */
function runChild(script: string, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', `test/store/${script}`, ...args], {
    cwd: resolve(__dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = once(child, 'exit');
  return {
    child,
    output: () => output,
    said: (word: string) =>
      new Promise<void>((resolved, failed) => {
        const check = () => output.includes(word) && resolved();
        child.stdout.on('data', check);
        check();
        child.once('exit', () => failed(new Error(`${script} ended before it said ${word}: ${output}`)));
      }),
    finished: async () => {
      await exited;
      return output.trim().split('\n').at(-1) ?? '';
    },
  };
}

/**
 * Holds every write of the database back (a SQLite write transaction; on PostgreSQL the rows of G and L locked)
 * until released, so two processes' writes meet at the same moment.
 */
async function holdWrites(engine: string, location: string) {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    await client.query('BEGIN');
    await client.query("SELECT id FROM games WHERE id IN ('G', 'L') FOR UPDATE");
    return {
      untilWaiting: async (count: number) => {
        for (;;) {
          // Inside a transaction PostgreSQL shows the activity as it was at the first look, until cleared: without
          // this, a first look before both processes waited saw none for ever.
          await client.query('SELECT pg_stat_clear_snapshot()');
          const { rows } = await client.query<{ n: string }>(
            "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          if (Number(rows[0]?.n) >= count) return;
          await new Promise((wake) => setTimeout(wake, 20));
        }
      },
      release: async () => {
        await client.query('COMMIT');
        await client.end();
      },
    };
  }
  const db = new Database(location);
  db.exec('BEGIN IMMEDIATE');
  return {
    // SQLite says nothing of who waits: give the processes, which said they are about to write, time to block.
    untilWaiting: () => new Promise((wake) => setTimeout(wake, 500)),
    release: async () => {
      db.exec('COMMIT');
      db.close();
    },
  };
}

describe.each(STORAGE_ENGINES)('the storage interface on %s', (engine) => {
  let test: TestStorage;
  let storage: Storage;
  beforeEach(async () => {
    test = await openTestStorage(engine);
    storage = test.storage;
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('creates the schema at the version of the SQLite migrations', async () => {
    expect(storage.engine).toBe(engine);
    expect(PG_SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(await storage.maintenance.schemaVersion()).toBe(MIGRATIONS.length);
    await storage.maintenance.checkWritable();
    const again = await test.another();
    expect(await again.maintenance.schemaVersion()).toBe(MIGRATIONS.length);
  });

  it('opens lobbies with their commitment, one per channel, and finds and counts them', async () => {
    await storage.games.createLobby({
      ...opening('L1', 'c-1'),
      seed: '',
      commitment: { serverSeed: 's', commitment: 'h' },
    });
    await storage.games.createLobby({ ...opening('L2', 'c-2', 2000), guildId: 'other' });
    await expect(storage.games.createLobby(opening('L3', 'c-1'))).rejects.toBeInstanceOf(ChannelBusyError);
    expect(await storage.games.hasGame('L1')).toBe(true);
    expect(await storage.games.hasGame('L3')).toBe(false);
    const lobby = await storage.games.getGame('L1');
    expect(lobby).toMatchObject({
      status: 'lobby',
      version: 0,
      hostId: 'alice',
      options: OPTIONS,
      createdAt: 1000,
    });
    expect(lobby?.fairness).toEqual({ serverSeed: 's', commitment: 'h', clientSeed: null });
    expect(lobby?.seats).toEqual([human(0, 'alice')]);
    expect((await storage.games.findOpenGameInChannel('c-1'))?.id).toBe('L1');
    expect(await storage.games.findOpenGameInChannel('c-9')).toBeNull();
    expect(await storage.games.countLobbies('g', 'alice')).toEqual({ hosted: 2, inGuild: 1 });
    expect(await storage.games.listLobbies()).toEqual(
      expect.arrayContaining([
        { id: 'L1', guildId: 'g', updatedAt: 1000 },
        { id: 'L2', guildId: 'other', updatedAt: 2000 },
      ]),
    );
    expect(await storage.games.getGame('nope')).toBeNull();
  });

  it('changes a lobby only from the lobby it was computed from', async () => {
    await storage.games.createLobby(opening('L'));
    const before = { hostId: 'alice', seats: [human(0, 'alice')] };
    await storage.games.updateLobby({
      gameId: 'L',
      expected: before,
      hostId: 'alice',
      seats: [human(0, 'alice'), human(1, 'bob')],
      now: 1100,
    });
    const stale = storage.games.updateLobby({
      gameId: 'L',
      expected: before,
      hostId: 'alice',
      seats: [human(0, 'alice'), human(1, 'carol')],
      now: 1200,
    });
    await expect(stale).rejects.toBeInstanceOf(GameMovedOnError);
    const lobby = await storage.games.getGame('L');
    expect(lobby?.seats.map((seat) => seat.userId)).toEqual(['alice', 'bob']);
    expect(lobby?.updatedAt).toBe(1100);
    const staleStart = storage.games.startGame({
      gameId: 'L',
      expected: before,
      seats: [human(0, 'alice'), computer(1)],
      state: {},
      nextDueAt: null,
      now: 1300,
    });
    await expect(staleStart).rejects.toBeInstanceOf(GameMovedOnError);
    expect((await storage.games.getGame('L'))?.status).toBe('lobby');
  });

  it('gives the last seat to one of two joins made at once through two connections', async () => {
    await storage.games.createLobby({ ...opening('L'), options: { ...OPTIONS, seats: 2 } });
    const other = await test.another();
    const expected = { hostId: 'alice', seats: [human(0, 'alice')] };
    const join = (via: Storage, userId: string) =>
      via.games.updateLobby({
        gameId: 'L',
        expected,
        hostId: 'alice',
        seats: [human(0, 'alice'), human(1, userId)],
        now: 1100,
      });
    const results = await Promise.allSettled([join(storage, 'bob'), join(other, 'carol')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(GameMovedOnError);
    const seats = (await storage.games.getGame('L'))?.seats ?? [];
    expect(seats).toHaveLength(2);
    expect(['bob', 'carol']).toContain(seats[1]?.userId);
  });

  it('starts a lobby with its derived seed, final seats and first state', async () => {
    await storage.games.createLobby({
      ...opening('G'),
      seed: '',
      commitment: { serverSeed: 's', commitment: 'h' },
    });
    await storage.games.startGame({
      gameId: 'G',
      expected: { hostId: 'alice', seats: [human(0, 'alice')] },
      derivedSeed: { clientSeed: 'click-1', seed: 'derived' },
      seats: [human(0, 'alice'), computer(1)],
      state: { turn: 0 },
      nextDueAt: 1600,
      now: 1500,
    });
    const game = await storage.games.getGame('G');
    expect(game).toMatchObject({
      status: 'active',
      version: 1,
      seed: 'derived',
      state: { turn: 0 },
      startedAt: 1500,
      nextDueAt: 1600,
    });
    expect(game?.fairness?.clientSeed).toBe('click-1');
    expect(game?.seats).toEqual([human(0, 'alice'), computer(1)]);
    expect(await storage.games.listActiveGames()).toEqual([{ id: 'G', guildId: 'g', nextDueAt: 1600 }]);
  });

  it('commits an action with its log row and refuses one computed from an older version', async () => {
    await started(storage, 'G');
    expect(await storage.games.commitAction(action('G', 1, 1100))).toEqual({ version: 2, seq: 1 });
    await expect(storage.games.commitAction(action('G', 1, 1200))).rejects.toBeInstanceOf(GameMovedOnError);
    expect(await storage.games.commitAction(action('G', 2, 1300))).toEqual({ version: 3, seq: 2 });
    const game = await storage.games.getGame('G');
    expect(game).toMatchObject({ version: 3, state: { turn: 2 }, nextDueAt: 1800, updatedAt: 1300 });
    const log = await storage.games.listActions('G');
    expect(log.map((row) => [row.seq, row.seat, row.actor, row.action, row.createdAt])).toEqual([
      [1, 0, 'alice', { type: 'add', amount: 1 }, 1100],
      [2, 1, 'alice', { type: 'add', amount: 2 }, 1300],
    ]);
    expect((await storage.games.listActions('G', 1)).map((row) => row.seq)).toEqual([2]);
  });

  it('lets exactly one of two connections apply the same click on the same version', async () => {
    await started(storage, 'G');
    const other = await test.another();
    const results = await Promise.allSettled([
      storage.games.commitAction(action('G', 1, 1100)),
      other.games.commitAction({ ...action('G', 1, 1100), actor: 'bob' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(GameMovedOnError);
    expect((await storage.games.getGame('G'))?.version).toBe(2);
    expect(await storage.games.listActions('G')).toHaveLength(1);
  });

  it('lets one of two processes win a click on one version and a join for the last seat, the other told it moved on', async () => {
    await started(storage, 'G');
    await storage.games.createLobby({ ...opening('L'), options: { ...OPTIONS, seats: 2 } });
    const held = await holdWrites(engine, test.location);
    const racers = ['bob', 'carol'].map((userId) => runChild('race-child.ts', test.location, userId));
    await Promise.all(racers.map((racer) => racer.said('ready')));
    // Both processes are about to write; at least two of their writes already wait on the held rows.
    await held.untilWaiting(2);
    await held.release();
    const results = await Promise.all(
      racers.map(async (racer) => JSON.parse(await racer.finished()) as Record<string, string>),
    );
    for (const race of ['click', 'join'])
      expect(results.map((result) => result[race]).sort(), race).toEqual(['moved on', 'won']);
    const game = await storage.games.getGame('G');
    expect(game?.version).toBe(2);
    const lobby = await storage.games.getGame('L');
    const joined = results.findIndex((result) => result.join === 'won');
    expect(lobby?.seats.map((seat) => seat.userId)).toEqual(['alice', ['bob', 'carol'][joined]]);
  });

  it('leaves nothing half-written when a process is killed inside an action', async () => {
    await started(storage, 'G');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/store/kill-child.ts', test.location], {
      cwd: resolve(__dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((inside, failed) => {
      child.stdout.on('data', (chunk: string) => {
        said += chunk;
        if (said.includes('inside')) inside();
      });
      child.once('exit', (code) =>
        failed(new Error(`the child ended (${code}) before its transaction: ${said}`)),
      );
    });
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    expect(said).not.toContain('committed');
    const other = await test.another();
    expect(await other.games.getGame('G')).toMatchObject({ version: 1, state: { turn: 0 } });
    expect(await other.games.listActions('G')).toEqual([]);
    expect(await other.games.commitAction(action('G', 1, 3000))).toEqual({ version: 2, seq: 1 });
  });

  it('writes the statistics and ratings in the transaction that ends the game', async () => {
    await finished(storage, 'G');
    const game = await storage.games.getGame('G');
    expect(game).toMatchObject({
      status: 'finished',
      endReason: 'completed',
      finishedAt: 1030,
      version: 4,
      nextDueAt: null,
    });
    expect(await storage.stats.get('g', 'tiny', 'alice')).toMatchObject({
      games: 1,
      wins: 1,
      placeSum: 1,
      beaten: { novice: 1 },
    });
    expect(await storage.stats.get('g', 'tiny', 'bob')).toMatchObject({ games: 1, wins: 0, placeSum: 3 });
    expect((await storage.stats.leaderboard('g', 'tiny', 10)).map((row) => row.userId)).toEqual([
      'alice',
      'bob',
    ]);
    const alice = await storage.ratings.get('g', 'tiny', 'alice');
    expect(alice).toMatchObject({ games: 1, wins: 1, name: 'Alice' });
    expect(alice!.mu).toBeGreaterThan(25);
    expect((await storage.ratings.leaderboard('g', 'tiny', 10)).map((row) => row.playerId)).toEqual([
      'alice',
      'bob',
    ]);
    expect(await storage.ratings.history('g', 'tiny', 'alice', 5)).toEqual([
      { gameId: 'G', mu: alice!.mu, sigma: alice!.sigma, ratedAt: 1030 },
    ]);
    expect(await storage.ratings.unratedGameIds()).toEqual([]);
    expect(await storage.ratings.groups()).toEqual([{ guildId: 'g', gameKey: 'tiny' }]);
  });

  it('counts and rates every game of many ending at once through two connections', async () => {
    const ids = ['A', 'B', 'C', 'D', 'E', 'F'];
    for (const id of ids) await started(storage, id);
    for (const id of ids) await storage.games.commitAction(action(id, 1, 1100));
    for (const id of ids) await storage.games.commitAction(action(id, 2, 1200));
    const other = await test.another();
    await Promise.all(
      ids.map((id, index) => {
        const ending = action(id, 3, 1300 + index, true);
        const finish = ending.finish!;
        // Half list the players the other way round; half have no human results (nothing but the ratings
        // to hold them back).
        const reversed = { ...finish, outcomes: [], rated: [...finish.rated].reverse() };
        return (index % 2 ? other : storage).games.commitAction({
          ...ending,
          finish: index % 2 ? reversed : finish,
        });
      }),
    );
    expect(await storage.stats.get('g', 'tiny', 'alice')).toMatchObject({
      games: 3,
      wins: 3,
      beaten: { novice: 3 },
    });
    expect(await storage.stats.get('g', 'tiny', 'bob')).toMatchObject({ games: 3, placeSum: 9 });
    expect(await storage.ratings.get('g', 'tiny', 'alice')).toMatchObject({ games: 6, wins: 6 });
    expect(await storage.ratings.history('g', 'tiny', 'bob', 10)).toHaveLength(6);
    // Six equal games rated one after the other: no ending rated from figures another one had already changed.
    const sequential = new Map<string, SkillRating>();
    for (const _ of ids)
      for (const [player, after] of rateGame(
        action('A', 3, 0, true).finish!.rated,
        (id) => sequential.get(id) ?? INITIAL_RATING,
      ))
        sequential.set(player, after);
    for (const player of ['alice', 'bob', 'computer:novice'])
      expect((await storage.ratings.get('g', 'tiny', player))?.mu, player).toBeCloseTo(
        sequential.get(player)!.mu,
        6,
      );
  });

  it('writes nothing of an ending whose ratings cannot be written', async () => {
    await started(storage, 'G');
    const broken = action('G', 1, 1100, true);
    const rated = [
      { playerId: 'alice', name: null as unknown as string, place: 1 },
      { playerId: 'bob', name: 'Bob', place: 2 },
    ];
    await expect(
      storage.games.commitAction({ ...broken, finish: { ...broken.finish!, rated } }),
    ).rejects.toThrow();
    expect(await storage.games.getGame('G')).toMatchObject({ status: 'active', version: 1 });
    expect(await storage.games.listActions('G')).toEqual([]);
    expect(await storage.stats.get('g', 'tiny', 'alice')).toBeNull();
    expect(await storage.ratings.get('g', 'tiny', 'bob')).toBeNull();
  });

  it('rebuilds ratings: clears them, lists the unrated games in finishing order, rates each once', async () => {
    await finished(storage, 'A', 1000);
    await finished(storage, 'B', 5000);
    const before = await storage.ratings.get('g', 'tiny', 'alice');
    await storage.ratings.clear();
    expect(await storage.ratings.get('g', 'tiny', 'alice')).toBeNull();
    expect(await storage.ratings.unratedGameIds()).toEqual(['A', 'B']);
    const seats = action('A', 3, 0, true).finish!.rated;
    expect(await storage.ratings.rateGame({ gameId: 'A', guildId: 'g', gameKey: 'tiny', seats }, 1030)).toBe(
      true,
    );
    expect(await storage.ratings.rateGame({ gameId: 'A', guildId: 'g', gameKey: 'tiny', seats }, 1030)).toBe(
      false,
    );
    expect(await storage.ratings.rateGame({ gameId: 'B', guildId: 'g', gameKey: 'tiny', seats }, 5030)).toBe(
      true,
    );
    const after = await storage.ratings.get('g', 'tiny', 'alice');
    expect(after?.mu).toBeCloseTo(before!.mu, 10);
    expect(after?.games).toBe(2);
  });

  it('keeps the rest of a game: seats handed over, timers, messages, the end and the channel', async () => {
    await started(storage, 'G');
    expect(await storage.games.handSeatToComputer('G', 1, 'novice', 1900, 1200)).toBe(true);
    expect(await storage.games.handSeatToComputer('G', 1, 'novice', 1900, 1200)).toBe(false);
    await storage.games.setNextDue('G', 2500, 1250);
    expect(await storage.games.setBoardMessage('G', 'board-1', 1260, 1260)).toBe(true);
    expect(await storage.games.setTurnNotice('G', 'notice-1', 1270, '0:1')).toBe(true);
    let game = await storage.games.getGame('G');
    expect(game?.seats[1]).toMatchObject({ kind: 'computer', level: 'novice', left: true, userId: 'bob' });
    expect(game).toMatchObject({
      nextDueAt: 2500,
      boardMessageId: 'board-1',
      boardPostedAt: 1260,
      turnNoticeMessageId: 'notice-1',
      turnNoticeKey: '0:1',
    });
    expect((await storage.games.listUnsettled()).map((game) => game.id)).toEqual(['G']);
    expect(
      await storage.games.closeGame('G', 'finished', 'ended', 1300, { id: 'alice', name: 'Alice' }),
    ).toBe(true);
    expect(await storage.games.closeGame('G', 'finished', 'ended', 1300)).toBe(false);
    game = await storage.games.getGame('G');
    expect(game).toMatchObject({
      status: 'finished',
      endReason: 'ended',
      version: 2,
      endedBy: { id: 'alice', name: 'Alice' },
      nextDueAt: null,
    });
    expect(await storage.games.listGamesAwaitingSummary()).toEqual(['G']);
    expect(await storage.games.markSummaryPosted('G', 1400)).toBe(true);
    expect(await storage.games.listGamesAwaitingSummary()).toEqual([]);
    expect(await storage.games.settleChannel('G', 1500)).toBe(true);
    expect((await storage.games.listUnsettled()).map((game) => game.id)).toEqual([]);
    expect(await storage.games.listActiveGames()).toEqual([]);
  });

  it("finds a channel's latest game of a kind and lists every game oldest first", async () => {
    await finished(storage, 'A', 1000);
    await storage.games.createLobby({ ...opening('B', 'c-A', 3000), gameKey: 'other' });
    await storage.games.closeGame('B', 'cancelled', 'cancelled', 3100);
    await storage.games.createLobby(opening('C', 'c-A', 4000));
    expect((await storage.games.findLatestGameInChannel('c-A', 'tiny'))?.id).toBe('C');
    expect((await storage.games.findLatestGameInChannel('c-A', 'other'))?.id).toBe('B');
    expect(await storage.games.findLatestGameInChannel('c-A', 'none')).toBeNull();
    expect(await storage.games.listGameIds()).toEqual(['A', 'B', 'C']);
  });

  it('cancels a game whose place is gone in one transaction: settled, outbox emptied, once', async () => {
    await started(storage, 'G');
    await storage.outbox.add({ gameId: 'G', channelId: 'c-G', kind: 'board', nonce: 'n1' }, 1100);
    const by = { id: 'channel-deleted', name: 'the channel was deleted' };
    expect(await storage.games.closeGone('G', by, 1200)).toBe(true);
    expect(await storage.games.getGame('G')).toMatchObject({
      status: 'cancelled',
      endReason: 'cancelled',
      endedBy: by,
      nextDueAt: null,
      channelSettled: true,
    });
    expect(await storage.outbox.all()).toEqual([]);
    expect((await storage.games.listUnsettled()).map((game) => game.id)).toEqual([]);
    expect(await storage.games.closeGone('G', by, 1300)).toBe(false);
  });

  it('keeps the outbox: entries, their outcomes with the game, adopted replies and deletes', async () => {
    await started(storage, 'G');
    const board = await storage.outbox.add(
      { gameId: 'G', channelId: 'c-G', kind: 'board', nonce: 'n1' },
      1100,
    );
    const notice = await storage.outbox.add(
      { gameId: 'G', channelId: 'c-G', kind: 'notice', nonce: '1:1' },
      1101,
    );
    const summary = await storage.outbox.add(
      { gameId: 'G', channelId: 'c-G', kind: 'summary', nonce: 'n3' },
      1102,
    );
    expect(board).toMatchObject({
      gameId: 'G',
      kind: 'board',
      nonce: 'n1',
      token: null,
      attempts: 0,
      createdAt: 1100,
    });
    expect((await storage.outbox.all()).map((entry) => entry.id)).toEqual([board.id, notice.id, summary.id]);
    await storage.outbox.posted(board, 'm-board', 1200);
    await storage.outbox.posted(notice, 'm-notice', 1201);
    await storage.outbox.posted(summary, 'm-summary', 1202);
    expect(await storage.outbox.forGame('G')).toEqual([]);
    expect(await storage.games.getGame('G')).toMatchObject({
      boardMessageId: 'm-board',
      boardPostedAt: 1200,
      turnNoticeMessageId: 'm-notice',
      turnNoticeKey: '1:1',
      summaryPosted: true,
    });

    const deletion = await storage.outbox.beginDelete('G', 'c-G', 'm-board', 1300);
    expect(deletion).toMatchObject({ kind: 'delete', messageId: 'm-board', createdAt: 1300 });
    expect((await storage.games.getGame('G'))?.boardMessageId).toBeNull();
    await storage.outbox.noteFailure(deletion.id);
    expect((await storage.outbox.forGame('G'))[0]?.attempts).toBe(1);
    await storage.outbox.remove(deletion.id);
    expect(await storage.outbox.all()).toEqual([]);

    await storage.games.createLobby(opening('L'));
    await storage.outbox.add({ gameId: 'L', channelId: 'c-L', kind: 'reply', token: 't' }, 1400);
    expect(await storage.outbox.adoptReply('L', 'm-lobby', 1500)).toBe(true);
    expect(await storage.outbox.forGame('L')).toEqual([]);
    expect(await storage.outbox.adoptReply('L', 'm-lobby', 1500)).toBe(true);
    expect(await storage.outbox.adoptReply('L', 'm-other', 1500)).toBe(false);
    expect(await storage.outbox.adoptReply('G', 'm-other', 1500)).toBe(false);
  });

  it("pages a server's and a player's finished games, the latest first", async () => {
    for (const [index, id] of ['A', 'B', 'C'].entries()) await finished(storage, id, 1000 * (index + 1));
    await storage.games.createLobby({ ...opening('D'), seats: [human(0, 'alice'), human(1, 'dave')] });
    const everyone = { guildId: 'g', gameKey: 'tiny', userId: null };
    expect(await storage.archive.countFinished(everyone)).toBe(3);
    expect(await storage.archive.countFinished({ ...everyone, userId: 'bob' })).toBe(3);
    expect(await storage.archive.countFinished({ ...everyone, userId: 'dave' })).toBe(0);
    const page = await storage.archive.finishedGames({ ...everyone, offset: 1, limit: 1 });
    expect(page.map((game) => game.id)).toEqual(['B']);
    const bobs = await storage.archive.finishedGames({ ...everyone, userId: 'bob', offset: 0, limit: 5 });
    expect(bobs.map((game) => game.id)).toEqual(['C', 'B', 'A']);
    expect(bobs[0]?.seats).toHaveLength(3);
  });

  it('reports open games and the outbox, prunes old entries and applies a retention', async () => {
    await finished(storage, 'old', 1000);
    await storage.games.settleChannel('old', 2000);
    await storage.games.createLobby(opening('closed', 'c-closed', 1000));
    await storage.games.closeGame('closed', 'cancelled', 'cancelled', 1100);
    await storage.games.settleChannel('closed', 1100);
    await started(storage, 'active', 50_000);
    await storage.games.createLobby(opening('lobby', 'c-lobby', 50_000));
    expect(await storage.maintenance.openGames()).toEqual(
      expect.arrayContaining([
        { gameKey: 'tiny', status: 'active', count: 1 },
        { gameKey: 'tiny', status: 'lobby', count: 1 },
      ]),
    );
    await storage.outbox.add({ gameId: 'active', channelId: 'c', kind: 'delete', messageId: 'm' }, 1000);
    await storage.outbox.add({ gameId: 'active', channelId: 'c', kind: 'delete', messageId: 'n' }, 60_000);
    expect(await storage.maintenance.outboxDepth()).toBe(2);
    expect(await storage.maintenance.pruneOutbox(1000 + OUTBOX_MAX_AGE_MS + 1)).toBe(1);
    expect(await storage.maintenance.outboxDepth()).toBe(1);
    const day = 24 * 60 * 60_000;
    expect(await storage.maintenance.applyRetention(10_000 + day, 1)).toEqual({
      logsRemoved: 1,
      lobbiesDeleted: 1,
    });
    expect(await storage.games.getGame('old')).toMatchObject({
      logPrunedAt: 10_000 + day,
      prunedMoves: 3,
      status: 'finished',
    });
    expect(await storage.games.listActions('old')).toEqual([]);
    expect(await storage.games.hasGame('closed')).toBe(false);
    expect(await storage.ratings.get('g', 'tiny', 'alice')).not.toBeNull();
  });

  it('reads and writes whole tables in key order, for copies', async () => {
    await finished(storage, 'A');
    await storage.outbox.add({ gameId: 'A', channelId: 'c', kind: 'delete', messageId: 'm' }, 1000);
    const [games, seats] = COPIED_TABLES;
    expect(await storage.rows.count(seats!)).toBe(3);
    const first = await storage.rows.read(seats!, null, 2);
    expect(first.map((row) => row.seat_index)).toEqual([0, 1]);
    const rest = await storage.rows.read(seats!, first[1]!, 10);
    expect(rest.map((row) => row.seat_index)).toEqual([2]);
    const copies: Record<string, Awaited<ReturnType<Storage['rows']['read']>>> = {};
    for (const table of COPIED_TABLES) copies[table.name] = await storage.rows.read(table, null, 1000);
    await storage.rows.clear();
    expect(await storage.rows.count(games!)).toBe(0);
    for (const table of COPIED_TABLES) await storage.rows.insert(table, copies[table.name]!);
    await storage.rows.resetSequences();
    for (const table of COPIED_TABLES)
      expect(await storage.rows.read(table, null, 1000)).toEqual(copies[table.name]);
    const next = await storage.outbox.add(
      { gameId: 'A', channelId: 'c', kind: 'delete', messageId: 'n' },
      1000,
    );
    expect(next.id).toBeGreaterThan(Number(copies.outbox![0]!.id));
  });

  it('backs the whole database up, while in use, as a SQLite file only its owner can read', async () => {
    await finished(storage, 'A');
    await started(storage, 'B');
    await storage.outbox.add({ gameId: 'B', channelId: 'c', kind: 'delete', messageId: 'm' }, 1000);
    const folder = mkdtempSync(join(tmpdir(), 'hare-backup-'));
    const target = join(folder, 'sub', 'hare-backup.db');
    try {
      await storage.backupTo(target);
      expect(statSync(target).mode & 0o777).toBe(0o600);
      expect(existsSync(`${target}.partial`)).toBe(false);
      const backup = await openStorageAt(target);
      try {
        expect(backup.engine).toBe('sqlite');
        for (const table of COPIED_TABLES)
          expect(await backup.rows.read(table, null, 1000), table.name).toEqual(
            await storage.rows.read(table, null, 1000),
          );
      } finally {
        await backup.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
