import { addLogPruned } from './retention-migration';
import type Database from 'better-sqlite3';
import { addEndedBy, migrateToV3 } from './platform-migrations';
import { addRatings } from './rating-migration';
import { addOutbox } from './outbox-migration';
import { addInteractionIndexes } from './interaction-indexes-migration';
import { addSeedCommitment } from './fairness-migration';
import { SHARED_MIGRATIONS, type SharedMigration } from '../sql/migrations-sql';
import { SQLITE_DIALECT } from '../sql/dialect';

/** One schema step; migration N (1-based) brings the database from user_version N-1 to N. */
export type Migration = (db: Database.Database) => void;

const createTables: Migration = (db) => {
  db.exec(`
    CREATE TABLE games (
      id TEXT PRIMARY KEY,
      guild_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      host_id TEXT NOT NULL,
      rules TEXT NOT NULL CHECK (rules IN ('standard', 'classic')),
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
      stats_recorded INTEGER NOT NULL DEFAULT 0
    ) STRICT;

    CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_status ON games (status);

    CREATE TABLE seats (
      game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
      seat_index INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('human', 'computer')),
      user_id TEXT,
      level TEXT CHECK (level IN ('novice', 'intermediate', 'advanced')),
      name TEXT NOT NULL,
      left_game INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (game_id, seat_index)
    ) STRICT, WITHOUT ROWID;

    CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

    CREATE TABLE actions (
      game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL CHECK (seq >= 1),
      seat INTEGER NOT NULL,
      actor TEXT NOT NULL,
      action TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (game_id, seq)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE player_stats (
      guild_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      name TEXT NOT NULL,
      games INTEGER NOT NULL DEFAULT 0,
      wins INTEGER NOT NULL DEFAULT 0,
      place_sum INTEGER NOT NULL DEFAULT 0,
      games_left INTEGER NOT NULL DEFAULT 0,
      beat_novice INTEGER NOT NULL DEFAULT 0,
      beat_intermediate INTEGER NOT NULL DEFAULT 0,
      beat_advanced INTEGER NOT NULL DEFAULT 0,
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (guild_id, user_id)
    ) STRICT;

    CREATE INDEX player_stats_by_wins ON player_stats (guild_id, wins DESC);
  `);
};

/** Whether a finished game's summary was posted, so a summary lost to a crash is posted after the restart. */
const addSummaryPosted: Migration = (db) => {
  db.exec(`
    ALTER TABLE games ADD COLUMN summary_posted INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET summary_posted = 1 WHERE status IN ('finished', 'cancelled');
  `);
};

/** SQLite's own history (versions 1..SHARED_FROM_VERSION), before the engines shared their steps. */
const SQLITE_MIGRATIONS: readonly Migration[] = [
  createTables,
  addSummaryPosted,
  migrateToV3,
  addEndedBy,
  addRatings,
  addOutbox,
  addLogPruned,
  addInteractionIndexes,
  addSeedCommitment,
];

function sharedStep(step: SharedMigration): Migration {
  return (db) => {
    for (const statement of step.statements(SQLITE_DIALECT)) db.exec(statement);
  };
}

/** Append-only: a new step goes to SHARED_MIGRATIONS (src/store/sql/migrations-sql.ts), for both engines. */
export const MIGRATIONS: readonly Migration[] = [...SQLITE_MIGRATIONS, ...SHARED_MIGRATIONS.map(sharedStep)];

interface ForeignKeyViolation {
  table: string;
  rowid: number | null;
  parent: string;
  fkid: number;
}

/** Throws (so the migration's transaction rolls back) if any row fails PRAGMA foreign_key_check. */
function checkForeignKeys(db: Database.Database, target: number): void {
  const violations = db.pragma('foreign_key_check') as ForeignKeyViolation[];
  if (violations.length === 0) return;
  const pairs = new Map<string, number>();
  for (const { table, parent } of violations) {
    const key = `${table} -> ${parent}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  const summary = [...pairs].map(([pair, rows]) => `${pair} (${rows} rows)`).join(', ');
  throw new Error(
    `migration ${target} was rolled back: PRAGMA foreign_key_check reports ${violations.length} rows ` +
      `whose parent row is missing: ${summary}`,
  );
}

function foreignKeysOn(db: Database.Database): boolean {
  return db.pragma('foreign_keys', { simple: true }) === 1;
}

/**
 * Applies every migration newer than the database's user_version, each in its own transaction.
 *
 * Foreign keys are turned off while they run (outside the transactions: SQLite ignores the pragma inside one),
 * so a migration may rebuild a table the SQLite way (create new, copy, drop old, rename) without the drop
 * cascading to the rows that reference it. Before each commit PRAGMA foreign_key_check must report no row,
 * or that migration is rolled back and the error says which tables hold the dangling references. The
 * connection's foreign_keys setting is restored afterwards (on, from openDatabase), also when a step fails.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true });
  const from = typeof current === 'number' ? current : 0;
  if (from > migrations.length) {
    throw new Error(
      `the database schema (version ${from}) is newer than this program (${migrations.length})`,
    );
  }
  if (from === migrations.length) return migrations.length;
  if (db.inTransaction) {
    throw new Error(
      'migrations cannot run inside an open transaction (foreign keys cannot be turned off there)',
    );
  }
  const restoreForeignKeys = foreignKeysOn(db);
  db.pragma('foreign_keys = OFF');
  try {
    if (foreignKeysOn(db)) throw new Error('could not turn foreign keys off to migrate the schema');
    migrations.slice(from).forEach((migration, offset) => {
      const target = from + offset + 1;
      db.transaction(() => {
        migration(db);
        checkForeignKeys(db, target);
        db.pragma(`user_version = ${target}`);
      })();
    });
  } finally {
    if (restoreForeignKeys) db.pragma('foreign_keys = ON');
  }
  return migrations.length;
}
