import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chooseAction } from '../../src/games/hare/computer/index';
import { seedRng, type GameState } from '../../src/games/hare/rules/index';
import { expect } from 'vitest';
import {
  FakeClock,
  GameService,
  ServiceError,
  type GameServiceOptions,
  type GameUpdate,
  type LobbyUpdate,
  type ServiceErrorCode,
} from '../../src/service/index';
import { openStorageAt } from '../../src/store/open-storage';
import { isPostgresUrl } from '../../src/store/pg/pg-storage';
import { openSqliteStore, type SqliteStore } from '../../src/store/index';
import { storageOfSqliteStore } from '../../src/store/sqlite/sqlite-storage';
import pg from 'pg';
import type { Storage, StorageEngine } from '../../src/store/storage';
import { COPIED_TABLES } from '../../src/store/storage-rows';
import { createTestDatabase, dropTestDatabase } from '../support/pg-database';
import { afterEachTest } from '../support/test-cleanups';

export const GUILD = 'guild-1';
export const ALICE = { id: '100', name: 'Alice' };
export const BOB = { id: '200', name: 'Bob' };
export const CAROL = { id: '300', name: 'Carol' };
export const AI_DELAY = 1500;
export const HUMAN_TIMEOUT = 600_000;

export interface Harness {
  /** The storage the service runs on (the engine of this run: HARE_TEST_ENGINE, SQLite by default). */
  store: Storage;
  clock: FakeClock;
  service: GameService;
  updates: GameUpdate[];
  lobbyUpdates: LobbyUpdate[];
  errors: { error: unknown; context: string }[];
  /** Stops the service and closes the storage (done after each test for every harness left open). */
  dispose(): Promise<void>;
  /**
   * Runs a statement on the harness's database behind the service's back (to tamper with a stored game, or to
   * read a table), on either engine: `?` placeholders; the rows it reads.
   */
  sql<Row = Record<string, unknown>>(statement: string, ...params: unknown[]): Promise<Row[]>;
  /** The SQLite store under the storage (null on PostgreSQL), for checks only SQLite has (its pragmas). */
  sqlite: SqliteStore | null;
}

/**
 * The engine the service suites run on: one suite, run once per engine (vitest.config.ts's projects set
 * HARE_TEST_ENGINE=postgres for the second run).
 */
export const TEST_ENGINE: StorageEngine = process.env.HARE_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

const openHarnesses = new Set<Harness>();

interface HarnessStorage {
  storage: Storage;
  sqlite: SqliteStore | null;
  sql: Harness['sql'];
  remove(): Promise<void>;
}

const locationCleanups: (() => Promise<void>)[] = [];
afterEachTest(async () => {
  for (const harness of [...openHarnesses]) await harness.dispose();
  while (locationCleanups.length) await locationCleanups.pop()?.();
});

/**
 * A new, empty database of the run's engine that several harnesses can open in turn or at once (as restarts and
 * processes do): a SQLite file in a temporary folder, or a PostgreSQL database; removed after the test.
 */
export async function testLocation(): Promise<string> {
  if (TEST_ENGINE === 'postgres') {
    const url = await createTestDatabase();
    locationCleanups.push(() => dropTestDatabase(url));
    return url;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-service-'));
  locationCleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'hare.db');
}

function sqliteHarnessStorage(file: string): HarnessStorage {
  // The synchronous store under the storage, kept: `sql` and the outage tests need its own connection (a
  // :memory: database has no other, and query_only holds only on the connection that sets it).
  const sqlite = openSqliteStore(file);
  return {
    storage: storageOfSqliteStore(sqlite, file),
    sqlite,
    sql: async <Row>(statement: string, ...params: unknown[]) => {
      const prepared = sqlite.db.prepare(statement);
      if (prepared.reader) return prepared.all(...params) as Row[];
      prepared.run(...params);
      return [];
    },
    remove: async () => {},
  };
}

async function postgresHarnessStorage(url: string, remove: () => Promise<void>): Promise<HarnessStorage> {
  return {
    storage: await openStorageAt(url, { poolSize: 3 }),
    sqlite: null,
    sql: async <Row>(statement: string, ...params: unknown[]) => {
      let n = 0;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (
          await client.query(
            statement.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows as Row[];
      } finally {
        await client.end();
      }
    },
    remove,
  };
}

/**
 * A storage at `location` (a SQLite file or a postgres:// URL, see testLocation), or else a fresh one of the
 * run's engine: SQLite in memory, or a new PostgreSQL database.
 */
export async function openHarnessStorage(location?: string): Promise<HarnessStorage> {
  if (location !== undefined)
    return isPostgresUrl(location)
      ? await postgresHarnessStorage(location, async () => {})
      : sqliteHarnessStorage(location);
  if (TEST_ENGINE === 'sqlite') return sqliteHarnessStorage(':memory:');
  const url = await createTestDatabase();
  return postgresHarnessStorage(url, () => dropTestDatabase(url));
}

/** A started service on a fresh storage of the run's engine (or the given one) with a fake clock. */
export async function makeHarness(
  options: {
    /** A SQLite file or a postgres:// URL (testLocation); default: a fresh database of the run's engine. */
    file?: string;
    clock?: FakeClock;
  } & Partial<GameServiceOptions> = {},
): Promise<Harness> {
  const opened: HarnessStorage = options.store
    ? {
        storage: options.store,
        sqlite: null,
        sql: () => Promise.reject(new Error('no SQL on a storage the test brought')),
        remove: async () => {},
      }
    : await openHarnessStorage(options.file);
  const store = opened.storage;
  const clock = options.clock ?? new FakeClock();
  const errors: Harness['errors'] = [];
  let seedCounter = 0;
  let idCounter = 0;
  let valueCounter = 0;
  const service = new GameService({
    store,
    clock,
    config: options.config,
    // Everything a game's seed is derived from is fixed, so a test's dice are the same at every run: the server
    // seed, the game's id (the nonce; a taken one is drawn again) and the seats' drawn values.
    seedSource: options.seedSource ?? (() => `seed-${++seedCounter}`),
    idSource: options.idSource ?? (() => `t${(++idCounter).toString(36).padStart(7, '0')}`),
    clientSeedSource: options.clientSeedSource ?? (() => `value-${++valueCounter}`),
    onError: (error, context) => errors.push({ error, context }),
    chooser: options.chooser,
    ...(options.games ? { games: options.games } : {}),
    ...(options.ownership ? { ownership: options.ownership } : {}),
  });
  const updates: GameUpdate[] = [];
  const lobbyUpdates: LobbyUpdate[] = [];
  service.on('update', (update) => updates.push(update));
  service.on('lobby', (update) => lobbyUpdates.push(update));
  await service.start();
  let disposed = false;
  const harness: Harness = {
    store,
    clock,
    service,
    updates,
    lobbyUpdates,
    errors,
    sql: opened.sql,
    sqlite: opened.sqlite,
    dispose: async () => {
      openHarnesses.delete(harness);
      if (disposed) return;
      disposed = true;
      service.stop();
      if (!options.store) {
        await store.close();
        await opened.remove();
      }
    },
  };
  openHarnesses.add(harness);
  return harness;
}

export type LobbyExtra = Partial<Parameters<GameService['openLobby']>[0]> & {
  rules?: 'standard' | 'classic';
};

/** Opens a Hare & Tortoise lobby in `channel` hosted by Alice (`rules` sets its rule set). */
export function openGame(h: Harness, channel = 'channel-1', extra: LobbyExtra = {}) {
  const { rules, ...rest } = extra;
  return h.service.openLobby({
    game: 'hare',
    guildId: GUILD,
    channelId: channel,
    host: ALICE,
    seed: `fixed-${channel}`,
    ...(rules ? { options: { rules } } : {}),
    ...rest,
  });
}

/** The Hare & Tortoise state of a running game. */
export async function hareState(h: Harness, gameId: string): Promise<GameState> {
  const game = await h.service.getGame(gameId);
  if (!game?.state) throw new Error('no running game');
  return game.state as GameState;
}

/** The action a human test player takes: the novice choice from a stream derived from the game's version. */
export async function humanChoice(h: Harness, gameId: string) {
  const game = await h.service.getGame(gameId);
  if (!game?.state) throw new Error('no running game');
  return {
    action: chooseAction(game.state as GameState, 'novice', seedRng(`human:${game.version}`)),
    version: game.version,
  };
}

/** Plays a started game to its end: humans act through `act`, computers through the fake clock. */
export async function playToEnd(h: Harness, gameId: string, maxSteps = 20_000): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    const status = await h.service.status(gameId);
    if (status.finished) return;
    const next = status.next;
    if (next?.human && next.userId) {
      const { action, version } = await humanChoice(h, gameId);
      await h.service.act(gameId, next.userId, action, version);
    } else if (!(await h.clock.runNext())) {
      throw new Error('the game stalled: no timer armed');
    }
  }
  throw new Error(`the game did not finish in ${maxSteps} steps`);
}

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Every row of the tables a refusal must leave alone, for "nothing changed" comparisons. */
export async function snapshot(store: Storage): Promise<unknown> {
  const tables = COPIED_TABLES.filter((table) =>
    ['games', 'seats', 'actions', 'player_stats'].includes(table.name),
  );
  const rows: Record<string, unknown> = {};
  for (const table of tables) rows[table.name] = await store.rows.read(table, null, 1_000_000);
  return rows;
}

/** Runs `fn`, expects a ServiceError with `code`, and checks that the database did not change. */
export async function expectRefused(
  h: Harness,
  code: ServiceErrorCode,
  fn: () => unknown,
): Promise<ServiceError> {
  const before = await snapshot(h.store);
  let caught: unknown;
  try {
    await fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ServiceError);
  const error = caught as ServiceError;
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(5);
  expect(await snapshot(h.store)).toEqual(before);
  return error;
}
