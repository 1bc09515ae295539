/**
 * The schema steps both engines share (src/store/sql/migrations-sql.ts): numbered after SQLite's own history and
 * PostgreSQL's base, and leaving the two engines with the same tables and columns, and the shared tables with the
 * same keys and indexes. SQLite keeps each statement's text, so the released steps' text is pinned too: an older
 * file must end up as a new one does.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_BASE_VERSION, PG_SCHEMA_VERSION, migratePostgres } from '../../src/store/pg/schema';
import { SQLITE_DIALECT } from '../../src/store/sql/dialect';
import { SHARED_FROM_VERSION, SHARED_MIGRATIONS } from '../../src/store/sql/migrations-sql';
import { MIGRATIONS, migrate } from '../../src/store/sqlite/migrations';
import { createTestDatabase, dropTestDatabase } from '../support/pg-database';

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
}

/** An index by what it does: its name unless it backs a key (whose names differ between the engines). */
interface IndexShape {
  name: string;
  columns: string[];
  unique: boolean;
  partial: boolean;
}

interface Schema {
  tables: Map<string, Column[]>;
  indexes: Map<string, IndexShape[]>;
}

/** SQLite's declared types as PostgreSQL's: times (and counts past 2^31) are BIGINT there. */
const SAME_TYPE: Record<string, string[]> = {
  INTEGER: ['integer', 'bigint'],
  TEXT: ['text'],
  REAL: ['double precision'],
};

/** The tables the shared steps create, read from their statements. */
const SHARED_TABLES = SHARED_MIGRATIONS.flatMap((step) =>
  step.statements(SQLITE_DIALECT).flatMap((statement) => /^CREATE TABLE (\w+)/.exec(statement)?.[1] ?? []),
);

function sqliteSchema(db: Database.Database): Schema {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const tables = new Map<string, Column[]>();
  const indexes = new Map<string, IndexShape[]>();
  for (const table of names) {
    const info = db.pragma(`table_info("${table}")`) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    tables.set(
      table,
      info.map((column) => ({
        name: column.name,
        type: column.type,
        notNull: column.notnull === 1 || column.pk > 0,
        default: column.dflt_value,
      })),
    );
    const list = db.pragma(`index_list("${table}")`) as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    indexes.set(
      table,
      list.map((index) => ({
        name: index.origin === 'c' ? index.name : index.origin,
        columns: (db.pragma(`index_info("${index.name}")`) as { seqno: number; name: string }[])
          .sort((a, b) => a.seqno - b.seqno)
          .map((column) => column.name),
        unique: index.unique === 1,
        partial: index.partial === 1,
      })),
    );
  }
  return { tables, indexes };
}

async function postgresSchema(client: pg.PoolClient): Promise<Schema> {
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(`SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> 'schema_version' ORDER BY table_name, ordinal_position`);
  const tables = new Map<string, Column[]>();
  for (const row of columns.rows) {
    const list = tables.get(row.table_name) ?? [];
    list.push({
      name: row.column_name,
      type: row.data_type,
      notNull: row.is_nullable === 'NO',
      // PostgreSQL spells a default with its type: '[]'::text.
      default: row.column_default?.replace(/::[a-z ]+$/, '') ?? null,
    });
    tables.set(row.table_name, list);
  }
  const found = await client.query<{
    table: string;
    index: string;
    columns: string[];
    unique: boolean;
    partial: boolean;
    key: string | null;
  }>(`SELECT t.relname AS table, c.relname AS index, i.indisunique AS unique, i.indpred IS NOT NULL AS partial,
        CASE WHEN i.indisprimary THEN 'pk' WHEN con.contype = 'u' THEN 'u' END AS key,
        array(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n) AS columns
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_class t ON t.oid = i.indrelid
      LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid AND con.contype = 'u'
      WHERE t.relnamespace = 'public'::regnamespace`);
  const indexes = new Map<string, IndexShape[]>();
  for (const row of found.rows) {
    const list = indexes.get(row.table) ?? [];
    list.push({ name: row.key ?? row.index, columns: row.columns, unique: row.unique, partial: row.partial });
    indexes.set(row.table, list);
  }
  return { tables, indexes };
}

const byName = (a: IndexShape, b: IndexShape) =>
  a.name.localeCompare(b.name) || a.columns.join().localeCompare(b.columns.join());

describe('the schema steps both engines share', () => {
  it('follow SQLite’s own history and PostgreSQL’s base, numbered alike', () => {
    expect(PG_BASE_VERSION).toBe(SHARED_FROM_VERSION);
    expect(SHARED_MIGRATIONS.map((step) => step.version)).toEqual(
      SHARED_MIGRATIONS.map((_, index) => SHARED_FROM_VERSION + index + 1),
    );
    expect(MIGRATIONS.length).toBe(SHARED_FROM_VERSION + SHARED_MIGRATIONS.length);
    expect(PG_SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(SHARED_TABLES).toEqual(['shard_leases', 'interaction_tokens', 'arena_tokens']);
  });

  describe('on both engines at the latest version', () => {
    let url: string;
    let pool: pg.Pool;
    let sqlite: Schema;
    let postgres: Schema;
    beforeAll(async () => {
      const db = new Database(':memory:');
      migrate(db);
      sqlite = sqliteSchema(db);
      db.close();
      url = await createTestDatabase();
      pool = new pg.Pool({ connectionString: url, max: 1 });
      const client = await pool.connect();
      try {
        await migratePostgres(client);
        postgres = await postgresSchema(client);
      } finally {
        client.release();
      }
    });
    afterAll(async () => {
      await pool?.end();
      if (url) await dropTestDatabase(url);
    });

    it('have the same tables, with the same columns in the same order', () => {
      expect([...postgres.tables.keys()].sort()).toEqual([...sqlite.tables.keys()].sort());
      for (const [table, columns] of sqlite.tables) {
        const other = postgres.tables.get(table) ?? [];
        expect(
          other.map(({ name, notNull, default: value }) => ({ name, notNull, default: value })),
          table,
        ).toEqual(columns.map(({ name, notNull, default: value }) => ({ name, notNull, default: value })));
        columns.forEach((column, index) => {
          expect(SAME_TYPE[column.type], `${table}.${column.name}`).toContain(other[index]?.type);
        });
      }
    });

    it('give the shared tables the same keys and indexes, times as BIGINT on PostgreSQL', () => {
      for (const table of SHARED_TABLES) {
        expect(postgres.indexes.get(table)?.sort(byName), table).toEqual(
          sqlite.indexes.get(table)?.sort(byName),
        );
        for (const column of postgres.tables.get(table) ?? []) {
          if (column.name.endsWith('_at')) expect(column.type, `${table}.${column.name}`).toBe('bigint');
        }
      }
    });
  });

  it('leave an older SQLite file with the text a new one is created with (never edit a released step)', () => {
    const older = new Database(':memory:');
    migrate(older, MIGRATIONS.slice(0, SHARED_FROM_VERSION));
    migrate(older);
    const text = (db: Database.Database) =>
      db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE tbl_name IN ('shard_leases', 'interaction_tokens', " +
            "'arena_tokens', 'games', 'seats') AND sql IS NOT NULL ORDER BY name",
        )
        .all() as { name: string; sql: string }[];
    const sharedText = text(older);
    older.close();
    const fresh = new Database(':memory:');
    migrate(fresh);
    expect(text(fresh)).toEqual(sharedText);
    fresh.close();
    const released = new Map(sharedText.map((row) => [row.name, row.sql]));
    expect(released.get('shard_leases')).toBe(`CREATE TABLE shard_leases (
      shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
      shard INTEGER NOT NULL CHECK (shard >= 0 AND shard < shard_count),
      holder TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (shard_count, shard)
    ) STRICT, WITHOUT ROWID`);
    expect(released.get('interaction_tokens')).toBe(`CREATE TABLE interaction_tokens (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    application_id TEXT NOT NULL,
    token TEXT NOT NULL,
    original_message_id TEXT,
    message_ids TEXT NOT NULL DEFAULT '[]',
    received_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, token)
  ) STRICT`);
    expect(released.get('interaction_tokens_by_expiry')).toBe(
      'CREATE INDEX interaction_tokens_by_expiry ON interaction_tokens (expires_at)',
    );
    expect(released.get('arena_tokens')).toBe(`CREATE TABLE arena_tokens (
      id TEXT PRIMARY KEY,
      guild_id TEXT NOT NULL,
      name TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      created_by TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      revoked_at INTEGER
    )`);
    expect(released.get('arena_tokens_live_name')).toBe(
      'CREATE UNIQUE INDEX arena_tokens_live_name ON arena_tokens (guild_id, name) WHERE revoked_at IS NULL',
    );
    expect(released.get('games')).toMatch(
      /, client_seed TEXT, generator INTEGER NOT NULL DEFAULT 1\) STRICT$/,
    );
    expect(released.get('seats')).toMatch(/left_game INTEGER NOT NULL DEFAULT 0, client_seed TEXT,\n/);
  });
});
