/**
 * Storage outages for the tests, made by the database itself so the errors are the engines' own: a SQLite
 * connection that may no longer write (query_only: SQLITE_READONLY, as on a read-only disk) or SQLite's
 * SQLITE_FULL for every game write (as on a full disk), and a PostgreSQL database that turns read-only and drops every
 * connection (25006 after 57P01 / "Connection terminated unexpectedly").
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { GAMES } from '../../src/games/index';
import type { GameService } from '../../src/service/index';
import type { Storage } from '../../src/store/storage';

export interface Outage {
  begin(): Promise<void>;
  end(): Promise<void>;
}

/** SQLite refuses every write on this connection (better-sqlite3 throws SQLITE_READONLY) until `end`. */
export function sqliteReadOnly(db: Database.Database): Outage {
  return {
    begin: async () => void db.pragma('query_only = ON'),
    end: async () => void db.pragma('query_only = OFF'),
  };
}

/** The error better-sqlite3 raises when the database may not grow, as on a full disk (SQLITE_FULL). */
export function sqliteFullError(): Error {
  const db = new Database(':memory:');
  try {
    db.exec('CREATE TABLE t (x BLOB)');
    db.pragma(`max_page_count = ${Number(db.pragma('page_count', { simple: true }))}`);
    for (;;) db.prepare('INSERT INTO t VALUES (randomblob(1000))').run();
  } catch (error) {
    return error as Error;
  } finally {
    db.close();
  }
}

const GAME_WRITES = new Set([
  'createLobby',
  'updateLobby',
  'startGame',
  'commitAction',
  'handSeatToComputer',
  'closeGame',
  'closeGone',
  'setNextDue',
  'setBoardMessage',
  'markSummaryPosted',
  'settleChannel',
  'setTurnNotice',
]);

/**
 * A full disk under a SQLite storage: every write of a game fails with SQLite's own SQLITE_FULL error between
 * `begin` and `end` (a database whose free pages are used up still takes some writes in its pages' slack, so
 * SQLite alone cannot make every move fail), reads go on.
 */
export function diskFullUnder(storage: Storage): { storage: Storage; outage: Outage } {
  let full = false;
  const error = sqliteFullError();
  const games = new Proxy(storage.games, {
    get: (target, key) => {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function' || !GAME_WRITES.has(String(key))) return value;
      return (...args: unknown[]) =>
        full ? Promise.reject(error) : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
  return {
    storage: { ...storage, games },
    outage: {
      begin: async () => void (full = true),
      end: async () => void (full = false),
    },
  };
}

async function onServer(statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL database at `url` takes no writes and every connection to it is cut, until `end`. */
export function postgresReadOnly(url: string): Outage {
  const name = new URL(url).pathname.slice(1);
  const cut = `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`;
  return {
    begin: () => onServer([`ALTER DATABASE ${name} SET default_transaction_read_only = on`, cut]),
    end: () => onServer([`ALTER DATABASE ${name} RESET default_transaction_read_only`, cut]),
  };
}

/** The game keys of the four games of the bot. */
export const FOUR_GAMES = ['hare', 'greed', 'candyland', 'hedgehogs'] as const;

/** One running game of each of the four kinds, every seat a computer's (they move on timers); their ids. */
export async function startComputerGames(service: GameService, guildId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, game] of FOUR_GAMES.entries()) {
    GAMES.require(game);
    const lobby = await service.openLobby({
      game,
      guildId,
      channelId: `outage-${index}`,
      host: { id: '100', name: 'Alice' },
      hostSeated: false,
      seats: 2,
      seed: `outage-${game}`,
    });
    await service.startGame(lobby.id, '100');
    ids.push(lobby.id);
  }
  return ids;
}

/** Each game's version. */
export async function versionsOf(service: GameService, ids: readonly string[]): Promise<number[]> {
  return Promise.all(ids.map(async (id) => (await service.getGame(id))!.version));
}
