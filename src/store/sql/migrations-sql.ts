/**
 * The schema steps both engines take, written once: from version 10 on, SQLite (src/store/sqlite/migrations.ts,
 * after its own steps 1..9) and PostgreSQL (src/store/pg/schema.ts, created at version 9) run these same steps,
 * each in a transaction of its own. Append-only: never edit a released step (an older database must migrate to the
 * schema a new one is created with), add a new one.
 *
 * SQLite keeps each CREATE statement's text in sqlite_master, so a released step's text stays as it was written,
 * white space included.
 */
import type { Dialect } from './dialect';

/** One schema step of both engines. */
export interface SharedMigration {
  /** The schema version the step brings a database to. */
  readonly version: number;
  /** Its statements, run in order. */
  statements(d: Dialect): string[];
}

/**
 * Schema 10: shard leases (src/store/leases.ts), which process drives the games of each shard. Times are the
 * caller's clock, never the database's.
 */
const addShardLeases = (d: Dialect) => [
  `CREATE TABLE shard_leases (
      shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
      shard INTEGER NOT NULL CHECK (shard >= 0 AND shard < shard_count),
      holder TEXT NOT NULL,
      expires_at ${d.time} NOT NULL,
      PRIMARY KEY (shard_count, shard)
    )${d.tableOptions('STRICT', 'WITHOUT ROWID')}`,
];

/**
 * Schema 11 (docs/fairness.md): `games.generator`, the generator a game's dice and cards come from (1: sfc32,
 * every game stored before; 2: HMAC-SHA256 in counter mode, new games), and `seats.client_seed`, the value each
 * seated person typed or was given in the lobby, from which (with the server seed and the game's id) the game's
 * seed is derived at the start.
 */
const addGeneratorAndSeatValues = () => [
  'ALTER TABLE games ADD COLUMN generator INTEGER NOT NULL DEFAULT 1',
  'ALTER TABLE seats ADD COLUMN client_seed TEXT',
];

/**
 * Schema 12: the interaction tokens kept per game (src/store/interaction-tokens.ts). They are credentials: a row
 * lives only while its token is valid, never copied by db:copy, never written to logs.
 */
const addInteractionTokens = (d: Dialect) => [
  `CREATE TABLE interaction_tokens (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    application_id TEXT NOT NULL,
    token TEXT NOT NULL,
    original_message_id TEXT,
    message_ids TEXT NOT NULL DEFAULT '[]',
    received_at ${d.time} NOT NULL,
    expires_at ${d.time} NOT NULL,
    PRIMARY KEY (game_id, token)
  )${d.tableOptions('STRICT')}`,
  'CREATE INDEX interaction_tokens_by_expiry ON interaction_tokens (expires_at)',
];

/**
 * Schema 13: the arena's player tokens (src/store/arena-tokens.ts). Only a token's SHA-256 is stored; a revoked
 * token keeps its row (revoked_at set) so its program's ratings keep their name. Not copied by db:copy.
 */
const addArenaTokens = (d: Dialect) => [
  `CREATE TABLE arena_tokens (
      id TEXT PRIMARY KEY,
      guild_id TEXT NOT NULL,
      name TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      created_by TEXT NOT NULL,
      created_at ${d.time} NOT NULL,
      revoked_at ${d.time}
    )`,
  'CREATE UNIQUE INDEX arena_tokens_live_name ON arena_tokens (guild_id, name) WHERE revoked_at IS NULL',
];

/** Append-only, numbered from the version both engines first share. */
export const SHARED_MIGRATIONS: readonly SharedMigration[] = [
  { version: 10, statements: addShardLeases },
  { version: 11, statements: addGeneratorAndSeatValues },
  { version: 12, statements: addInteractionTokens },
  { version: 13, statements: addArenaTokens },
];

/** The version a database has before the first shared step: SQLite's own history and PostgreSQL's base. */
export const SHARED_FROM_VERSION = 9;
