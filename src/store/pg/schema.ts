/**
 * The PostgreSQL schema. A new database is created directly at PG_BASE_VERSION (the SQLite schema version its
 * tables match, column for column); it then takes the steps both engines share (src/store/sql/migrations-sql.ts),
 * with the same numbers as on SQLite. The version is kept in the one-row table schema_version (SQLite keeps it in user_version).
 *
 * Columns keep SQLite's types and values (JSON as text, flags as 0/1, times as milliseconds), so a row copies
 * unchanged between the engines. No column defaults to the database's clock: every time comes from the caller.
 * Beyond SQLite's indexes, partial indexes serve the start-up and housekeeping queries, so no query the bot
 * makes reads a whole table of games.
 */
import type { PoolClient } from 'pg';
import { POSTGRES_DIALECT } from '../sql/dialect';
import { SHARED_FROM_VERSION, SHARED_MIGRATIONS, type SharedMigration } from '../sql/migrations-sql';

export const PG_BASE_VERSION = SHARED_FROM_VERSION;

/** One schema step after PG_BASE_VERSION: migration i brings the database to PG_BASE_VERSION + i + 1. */
export type PgMigration = (client: PoolClient) => Promise<void>;

function sharedStep(step: SharedMigration): PgMigration {
  return async (client) => {
    for (const statement of step.statements(POSTGRES_DIALECT)) await client.query(statement);
  };
}

/** Append-only: a new step goes to SHARED_MIGRATIONS, for both engines. */
export const PG_MIGRATIONS: readonly PgMigration[] = SHARED_MIGRATIONS.map(sharedStep);

export const PG_SCHEMA_VERSION = PG_BASE_VERSION + PG_MIGRATIONS.length;

const CREATE_SCHEMA = `
  CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game_key TEXT NOT NULL,
    guild_id TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    host_id TEXT NOT NULL,
    options TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    end_reason TEXT CHECK (end_reason IN ('completed', 'ended', 'cancelled')),
    seed TEXT NOT NULL,
    state TEXT,
    state_format INTEGER NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    finished_at BIGINT,
    updated_at BIGINT NOT NULL,
    board_message_id TEXT,
    board_posted_at BIGINT,
    turn_notice_message_id TEXT,
    next_due_at BIGINT,
    stats_recorded INTEGER NOT NULL DEFAULT 0,
    summary_posted INTEGER NOT NULL DEFAULT 0,
    ended_by TEXT,
    ended_by_name TEXT,
    rated INTEGER NOT NULL DEFAULT 0,
    channel_settled INTEGER NOT NULL DEFAULT 0,
    turn_notice_key TEXT,
    log_pruned_at BIGINT,
    pruned_moves INTEGER,
    server_seed TEXT,
    seed_commitment TEXT,
    client_seed TEXT
  );
  CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
  CREATE INDEX games_by_status ON games (status);
  CREATE INDEX games_by_channel ON games (channel_id, game_key, created_at, id);
  CREATE INDEX games_finished_by_guild ON games (guild_id, game_key, status, finished_at, id);
  CREATE INDEX games_unsettled ON games (updated_at) WHERE status IN ('lobby', 'active') OR channel_settled = 0;
  CREATE INDEX games_awaiting_summary ON games (finished_at)
    WHERE status = 'finished' AND end_reason IN ('completed', 'ended') AND summary_posted = 0;
  CREATE INDEX games_unrated ON games (finished_at, id)
    WHERE status = 'finished' AND end_reason = 'completed' AND rated = 0;
  CREATE INDEX games_log_kept ON games (finished_at)
    WHERE status = 'finished' AND channel_settled = 1 AND log_pruned_at IS NULL;
  CREATE INDEX games_lobbies_closed ON games (updated_at)
    WHERE status = 'cancelled' AND started_at IS NULL AND channel_settled = 1;
  CREATE INDEX games_by_created ON games (created_at, id);

  CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat_index INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'computer')),
    user_id TEXT,
    level TEXT,
    name TEXT NOT NULL,
    left_game INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat_index)
  );
  CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
  CREATE INDEX seats_by_user ON seats (user_id, game_id);

  CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    seat INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
  );

  CREATE TABLE player_stats (
    guild_id TEXT NOT NULL,
    game_key TEXT NOT NULL,
    user_id TEXT NOT NULL,
    name TEXT NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    place_sum INTEGER NOT NULL DEFAULT 0,
    games_left INTEGER NOT NULL DEFAULT 0,
    beaten TEXT NOT NULL DEFAULT '{}',
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, game_key, user_id)
  );
  CREATE INDEX player_stats_by_wins ON player_stats (guild_id, game_key, wins DESC);

  CREATE TABLE ratings (
    guild_id TEXT NOT NULL,
    game_key TEXT NOT NULL,
    player_id TEXT NOT NULL,
    name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, game_key, player_id)
  );

  CREATE TABLE rating_history (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    rated_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, player_id)
  );
  CREATE INDEX rating_history_by_player ON rating_history (player_id, rated_at);

  CREATE TABLE outbox (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('board', 'notice', 'summary', 'reply', 'delete')),
    nonce TEXT,
    token TEXT,
    message_id TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX outbox_by_game ON outbox (game_id);
`;

/** Any number: the lock every process takes while it migrates, so two starting together migrate once. */
const MIGRATION_LOCK = 0x68617265;

async function currentVersion(client: PoolClient): Promise<number | null> {
  const table = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_version') IS NOT NULL AS exists",
  );
  if (!table.rows[0]?.exists) return null;
  const row = await client.query<{ version: number }>('SELECT version FROM schema_version');
  return row.rows[0]?.version ?? null;
}

/**
 * Creates the schema in an empty database, or applies the migrations newer than its version, each in its own
 * transaction. Returns the version the database is at.
 */
export async function migratePostgres(
  client: PoolClient,
  migrations: readonly PgMigration[] = PG_MIGRATIONS,
): Promise<number> {
  const target = PG_BASE_VERSION + migrations.length;
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    let version = await currentVersion(client);
    if (version === null) {
      await inTransaction(client, async () => {
        await client.query(CREATE_SCHEMA);
        await client.query('CREATE TABLE schema_version (version INTEGER NOT NULL)');
        await client.query('INSERT INTO schema_version (version) VALUES ($1)', [PG_BASE_VERSION]);
      });
      version = PG_BASE_VERSION;
    }
    if (version > target) {
      throw new Error(`the database schema (version ${version}) is newer than this program (${target})`);
    }
    for (let next = version + 1; next <= target; next++) {
      const migration = migrations[next - PG_BASE_VERSION - 1] as PgMigration;
      await inTransaction(client, async () => {
        await migration(client);
        await client.query('UPDATE schema_version SET version = $1', [next]);
      });
    }
    return target;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}

async function inTransaction(client: PoolClient, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
