import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupPathFor, migrationBackupOf } from '../../src/store/sqlite/backup';
import { openDatabase } from '../../src/store/sqlite/database';
import { openSqliteStore } from '../../src/store/index';
import { MIGRATIONS, migrate, type Migration } from '../../src/store/sqlite/migrations';
import { v2FixtureFile } from '../support/v2-fixture';

const FIXTURE = v2FixtureFile();
const MANIFEST = fileURLToPath(new URL('../fixtures/store-v2.json', import.meta.url));

interface ManifestGame {
  id: string;
  guildId: string;
  channelId: string;
  status: string;
  endReason: string | null;
  rules: string;
  version: number;
  seats: number;
  actions: number;
  over: boolean | null;
}

interface Manifest {
  userVersion: number;
  tables: Record<string, number>;
  games: ManifestGame[];
  playerStats: Record<string, unknown>[];
}

const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Manifest;

/** The two released migrations the fixture was written with (v1, v2). */
const V2_MIGRATIONS = MIGRATIONS.slice(0, 2);

/** A v3-like step that rebuilds `games` the way SQLite recommends: create new, copy, drop old, rename. */
const rebuildGames: Migration = (db) => {
  db.exec(`
    CREATE TABLE games_new (
      id TEXT PRIMARY KEY,
      game_key TEXT NOT NULL DEFAULT 'hare',
      guild_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      host_id TEXT NOT NULL,
      rules TEXT NOT NULL,
      options TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
      end_reason TEXT CHECK (end_reason IN ('completed', 'ended', 'cancelled')),
      seed TEXT NOT NULL,
      state TEXT,
      version INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      started_at INTEGER,
      finished_at INTEGER,
      updated_at INTEGER NOT NULL,
      board_message_id TEXT,
      board_posted_at INTEGER,
      turn_notice_message_id TEXT,
      next_due_at INTEGER,
      stats_recorded INTEGER NOT NULL DEFAULT 0,
      summary_posted INTEGER NOT NULL DEFAULT 0
    ) STRICT;

    INSERT INTO games_new (id, guild_id, channel_id, host_id, rules, options, status, end_reason, seed, state,
                           version, created_at, started_at, finished_at, updated_at, board_message_id,
                           board_posted_at, turn_notice_message_id, next_due_at, stats_recorded, summary_posted)
    SELECT id, guild_id, channel_id, host_id, rules, options, status, end_reason, seed, state,
           version, created_at, started_at, finished_at, updated_at, board_message_id,
           board_posted_at, turn_notice_message_id, next_due_at, stats_recorded, summary_posted
    FROM games;

    DROP TABLE games;
    ALTER TABLE games_new RENAME TO games;

    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_status ON games (status);
  `);
};

const TABLES = ['games', 'seats', 'actions', 'player_stats'] as const;
const ORDER: Record<(typeof TABLES)[number], string> = {
  games: 'id',
  seats: 'game_id, seat_index',
  actions: 'game_id, seq',
  player_stats: 'guild_id, user_id',
};

function rows(db: Database.Database, table: (typeof TABLES)[number]): Record<string, unknown>[] {
  return db.prepare(`SELECT * FROM ${table} ORDER BY ${ORDER[table]}`).all() as Record<string, unknown>[];
}

function count(db: Database.Database, table: string): number {
  return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
}

function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function foreignKeys(db: Database.Database): number {
  return db.pragma('foreign_keys', { simple: true }) as number;
}

/** Every row of every table of a database file, read through a read-only connection. */
function fileRows(file: string): Record<string, Record<string, unknown>[]> {
  const db = new Database(file, { readonly: true });
  try {
    return Object.fromEntries(TABLES.map((table) => [table, rows(db, table)]));
  } finally {
    db.close();
  }
}

/** Without a `rules` column (schema v3) the rule set lives in the game's options. */
function rulesOf(game: object): unknown {
  const record = game as { rules?: unknown; options?: { game?: { rules?: unknown } } };
  return record.rules ?? record.options?.game?.rules;
}

let dir: string;
let open: Database.Database[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hare-migrate-'));
  open = [];
});

afterEach(() => {
  for (const db of open) if (db.open) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A private copy of the v2 fixture. */
function fixtureCopy(name = 'hare.db'): string {
  const file = path.join(dir, name);
  fs.copyFileSync(FIXTURE, file);
  return file;
}

/** A connection set up like openDatabase's (foreign keys on), without migrating. */
function connect(file: string): Database.Database {
  const db = new Database(file);
  open.push(db);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  return db;
}

describe('the v2 fixture', () => {
  it('matches its manifest, read with plain SQL', () => {
    const db = new Database(FIXTURE, { readonly: true });
    open.push(db);
    expect(userVersion(db)).toBe(2);
    expect(manifest.userVersion).toBe(2);
    for (const [table, rowCount] of Object.entries(manifest.tables)) expect(count(db, table)).toBe(rowCount);
    expect(rows(db, 'player_stats')).toEqual(
      [...manifest.playerStats].sort(
        (a, b) =>
          String(a.guild_id).localeCompare(String(b.guild_id)) ||
          String(a.user_id).localeCompare(String(b.user_id)),
      ),
    );
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('covers what the brief asks for', () => {
    const games = manifest.games;
    const finished = games.filter((game) => game.status === 'finished' && game.endReason === 'completed');
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(new Set(finished.map((game) => game.rules))).toEqual(new Set(['standard', 'classic']));
    expect(games.filter((game) => game.endReason === 'ended')).toHaveLength(1);
    expect(games.filter((game) => game.status === 'cancelled')).toHaveLength(1);
    expect(games.filter((game) => game.status === 'active' && game.actions > 0)).toHaveLength(1);
    expect(games.filter((game) => game.status === 'lobby')).toHaveLength(1);
    expect(new Set(games.map((game) => game.guildId)).size).toBe(2);
    expect(manifest.playerStats.some((row) => Number(row.games) >= 2)).toBe(true);
    expect(manifest.playerStats.some((row) => Number(row.games_left) >= 1)).toBe(true);
    expect(fs.statSync(FIXTURE).size).toBeLessThan(1024 * 1024);
  });

  it('opens with the store of today and its games match the manifest', () => {
    const file = fixtureCopy();
    const store = openSqliteStore(file);
    try {
      expect(count(store.db, 'games')).toBe(manifest.games.length);
      for (const expected of manifest.games) {
        const game = store.games.getGame(expected.id);
        expect(game, expected.id).not.toBeNull();
        if (!game) continue;
        const state = game.state as { over?: boolean } | null;
        expect({
          id: game.id,
          guildId: game.guildId,
          channelId: game.channelId,
          status: game.status,
          endReason: game.endReason,
          rules: rulesOf(game),
          version: game.version,
          seats: game.seats.length,
          actions: store.games.listActions(game.id).length,
          over: state ? state.over === true : null,
        }).toEqual(expected);
      }
      const open = manifest.games.filter((game) => game.status === 'active');
      expect(store.games.listActiveGames().map((game) => game.id)).toEqual(open.map((game) => game.id));
    } finally {
      store.close();
    }
  });
});

describe('the migration runner', () => {
  it('keeps every seat and action row when a migration rebuilds the games table', () => {
    const file = fixtureCopy();
    const before = fileRows(file);
    const db = connect(file);

    expect(migrate(db, [...V2_MIGRATIONS, rebuildGames])).toBe(3);

    expect(userVersion(db)).toBe(3);
    for (const table of ['seats', 'actions', 'player_stats'] as const) {
      expect(rows(db, table), table).toEqual(before[table]);
    }
    expect(count(db, 'seats')).toBe(manifest.tables.seats);
    expect(count(db, 'actions')).toBe(manifest.tables.actions);
    expect(rows(db, 'games').map(({ game_key: _key, ...game }) => game)).toEqual(before.games);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(foreignKeys(db)).toBe(1);

    // The foreign keys still work after the rebuild: deleting a game cascades to its seats and actions.
    db.prepare('DELETE FROM games WHERE id = ?').run('fin-std1');
    expect(db.prepare('SELECT count(*) FROM seats WHERE game_id = ?').pluck().get('fin-std1')).toBe(0);
    expect(db.prepare('SELECT count(*) FROM actions WHERE game_id = ?').pluck().get('fin-std1')).toBe(0);
  });

  it('rolls back a migration that leaves a dangling foreign key, naming the check', () => {
    const file = fixtureCopy();
    const before = fileRows(file);
    const db = connect(file);
    const orphaning: Migration = (inner) => {
      inner.exec(`DELETE FROM games WHERE id = 'fin-std1'`);
    };

    expect(() => migrate(db, [...V2_MIGRATIONS, orphaning])).toThrow(/foreign_key_check/);

    expect(userVersion(db)).toBe(2);
    expect(foreignKeys(db)).toBe(1);
    expect(db.inTransaction).toBe(false);
    for (const table of TABLES) expect(rows(db, table), table).toEqual(before[table]);
  });

  it('names the migration, the table and the parent in the error', () => {
    const db = connect(fixtureCopy());
    const orphaning: Migration = (inner) => {
      inner.exec(`DELETE FROM games WHERE id = 'ended-01'`);
    };
    let message = '';
    try {
      migrate(db, [...V2_MIGRATIONS, orphaning]);
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/migration 3/);
    expect(message).toMatch(/seats/);
    expect(message).toMatch(/actions/);
    expect(message).toMatch(/games/);
  });

  it('turns foreign keys back on when a migration throws, and keeps the earlier steps', () => {
    const db = connect(path.join(dir, 'new.db'));
    const failing: Migration = (inner) => {
      inner.exec('CREATE TABLE half_done (x INTEGER)');
      throw new Error('boom');
    };

    expect(() => migrate(db, [...V2_MIGRATIONS, failing])).toThrow('boom');

    expect(userVersion(db)).toBe(2);
    expect(foreignKeys(db)).toBe(1);
    expect(db.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'half_done'`).pluck().get()).toBe(0);
  });

  it('runs each migration with foreign keys off and restores them afterwards', () => {
    const db = connect(path.join(dir, 'new.db'));
    const seen: number[] = [];
    const probe: Migration = (inner) => {
      seen.push(foreignKeys(inner));
    };

    expect(migrate(db, [probe, probe])).toBe(2);

    expect(seen).toEqual([0, 0]);
    expect(foreignKeys(db)).toBe(1);
  });

  it('does nothing on an up-to-date database and refuses a newer one', () => {
    const db = connect(path.join(dir, 'new.db'));
    migrate(db, V2_MIGRATIONS);
    const probe: Migration = () => {
      throw new Error('must not run');
    };
    expect(migrate(db, [probe, probe])).toBe(2);
    expect(() => migrate(db, [probe])).toThrow(/newer than this program/);
    expect(foreignKeys(db)).toBe(1);
  });

  it('refuses to migrate inside an open transaction, where foreign keys cannot be turned off', () => {
    const db = connect(fixtureCopy());
    db.exec('BEGIN');
    expect(() => migrate(db, [...V2_MIGRATIONS, rebuildGames])).toThrow(/transaction/);
    db.exec('ROLLBACK');
    expect(userVersion(db)).toBe(2);
    expect(count(db, 'seats')).toBe(manifest.tables.seats);
  });
});

describe('the backup before migrating', () => {
  const V3_MIGRATIONS = [...V2_MIGRATIONS, rebuildGames];

  it('copies an older database file beside itself before migrating it', () => {
    const file = fixtureCopy();
    const before = fileRows(file);

    const db = openDatabase(file, { migrations: V3_MIGRATIONS });
    open.push(db);

    const backup = `${file}.backup-v2`;
    expect(migrationBackupOf(db)).toBe(backup);
    expect(userVersion(db)).toBe(3);
    expect(count(db, 'seats')).toBe(manifest.tables.seats);
    expect(fs.readFileSync(backup).equals(fs.readFileSync(FIXTURE))).toBe(true);
    const copy = new Database(backup, { readonly: true });
    open.push(copy);
    expect(userVersion(copy)).toBe(2);
    expect(fileRows(backup)).toEqual(before);
  });

  it('never overwrites an earlier backup: -1, -2… are added to the name', () => {
    const file = fixtureCopy();
    fs.writeFileSync(`${file}.backup-v2`, 'an earlier backup');
    fs.writeFileSync(`${file}.backup-v2-1`, 'another one');

    expect(backupPathFor(file, 2)).toBe(`${file}.backup-v2-2`);
    const db = openDatabase(file, { migrations: V3_MIGRATIONS });
    open.push(db);

    expect(migrationBackupOf(db)).toBe(`${file}.backup-v2-2`);
    expect(fs.readFileSync(`${file}.backup-v2`, 'utf8')).toBe('an earlier backup');
    expect(fs.readFileSync(`${file}.backup-v2-1`, 'utf8')).toBe('another one');
    expect(fileRows(`${file}.backup-v2-2`)).toEqual(fileRows(FIXTURE));
  });

  it('includes what is still in the write-ahead log', () => {
    const file = path.join(dir, 'wal.db');
    const writer = connect(file);
    writer.pragma('wal_autocheckpoint = 0');
    migrate(writer, V2_MIGRATIONS.slice(0, 1));
    writer
      .prepare(
        `INSERT INTO games (id, guild_id, channel_id, host_id, rules, options, status, seed, created_at, updated_at)
         VALUES ('in-wal', 'g', 'c', 'h', 'standard', '{}', 'lobby', 's', 1, 1)`,
      )
      .run();
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);

    const db = openDatabase(file);
    open.push(db);

    const backup = migrationBackupOf(db);
    expect(backup).toBe(`${file}.backup-v1`);
    const copy = new Database(backup ?? '', { readonly: true });
    open.push(copy);
    expect(userVersion(copy)).toBe(1);
    expect(copy.prepare('SELECT id FROM games').pluck().all()).toEqual(['in-wal']);
  });

  it('makes no backup of a new file, an empty file, an up-to-date file or :memory:', () => {
    const fresh = path.join(dir, 'fresh.db');
    const first = openDatabase(fresh, { migrations: V3_MIGRATIONS });
    expect(migrationBackupOf(first)).toBeNull();
    first.close();

    const again = openDatabase(fresh, { migrations: V3_MIGRATIONS });
    expect(migrationBackupOf(again)).toBeNull();
    expect(userVersion(again)).toBe(3);
    again.close();

    const empty = path.join(dir, 'empty.db');
    fs.writeFileSync(empty, '');
    const emptyDb = openDatabase(empty);
    expect(migrationBackupOf(emptyDb)).toBeNull();
    emptyDb.close();

    const memory = openDatabase(':memory:');
    expect(migrationBackupOf(memory)).toBeNull();
    expect(userVersion(memory)).toBe(MIGRATIONS.length);
    memory.close();

    expect(fs.readdirSync(dir).filter((name) => name.includes('.backup-'))).toEqual([]);
  });

  it('keeps the connection settings of openDatabase', () => {
    const db = openDatabase(fixtureCopy(), { migrations: V3_MIGRATIONS });
    open.push(db);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(foreignKeys(db)).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });
});
