/**
 * SQLite storage (better-sqlite3): games with their seats and engine state, the append-only action log and
 * per-guild player statistics. `openSqliteStore(path)` opens or creates the file (':memory:' for tests), sets WAL,
 * foreign keys, busy_timeout and synchronous NORMAL, and applies the schema migrations (PRAGMA user_version).
 */
import type Database from 'better-sqlite3';
import { DEFAULT_DATABASE_PATH, openDatabase, type OpenDatabaseOptions } from './database';
import { GameStore } from './game-store';
import { StatsStore } from './stats-store';
import { RatingStore } from './rating-store';
import { GameArchive } from './game-archive';
import { OutboxStore } from './outbox-store';
import { StoreMaintenance } from './maintenance';
import { GoneGameStore } from './gone-game-store';
import { SqlLeaseStore, type LeaseStore } from '../leases';
import { SqlInteractionTokenStore, type InteractionTokenStore } from '../interaction-tokens';
import { SQLITE_DIALECT } from '../sql/dialect';
import { sqliteRunner } from './sqlite-runner';

/**
 * The synchronous SQLite store (better-sqlite3), one object per table group. The service and the scripts use the
 * engine-neutral asynchronous Storage (storage.ts) instead: openSqliteStorage wraps this store in it, and
 * openStorage/openStorageAt pick SQLite or PostgreSQL.
 */
export interface SqliteStore {
  readonly db: Database.Database;
  readonly games: GameStore;
  readonly stats: StatsStore;
  readonly ratings: RatingStore;
  /** Finished games a page at a time. */
  readonly archive: GameArchive;
  /** Messages in flight or to delete, so a crash leaves nothing behind. */
  readonly outbox: OutboxStore;
  /** Health, figures for the metrics, pruning and retention. */
  readonly maintenance: StoreMaintenance;
  /** Games whose channel or server the bot lost. */
  readonly goneGames: GoneGameStore;
  /** Which process drives the games of each shard (src/service/shard-leases.ts). */
  readonly leases: LeaseStore;
  /** The interaction tokens kept per game while they are valid. */
  readonly tokens: InteractionTokenStore;
  close(): void;
}

export function openSqliteStore(
  file: string = DEFAULT_DATABASE_PATH,
  options: Pick<OpenDatabaseOptions, 'onStatement'> = {},
): SqliteStore {
  const db = openDatabase(file, options);
  const stats = new StatsStore(db);
  const ratings = new RatingStore(db);
  const games = new GameStore(db, stats, ratings);
  return {
    db,
    games,
    stats,
    ratings,
    archive: new GameArchive(db, games),
    outbox: new OutboxStore(db),
    maintenance: new StoreMaintenance(db),
    goneGames: new GoneGameStore(db),
    leases: new SqlLeaseStore(sqliteRunner(db), SQLITE_DIALECT),
    tokens: new SqlInteractionTokenStore(sqliteRunner(db), SQLITE_DIALECT),
    close: () => db.close(),
  };
}
