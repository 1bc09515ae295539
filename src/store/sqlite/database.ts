import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DATABASE_PATH } from '../../defaults';
import { backupBeforeMigration } from './backup';
import { MIGRATIONS, migrate, type Migration } from './migrations';

export { DEFAULT_DATABASE_PATH };
export const MEMORY_DATABASE = ':memory:';
/** rw------- */
export const OWNER_ONLY = 0o600;

export interface OpenDatabaseOptions {
  /** The schema steps to apply (default: MIGRATIONS; tests pass their own). */
  migrations?: readonly Migration[];
  /** Told every statement the connection runs, with its values filled in (tests read the query plans). */
  onStatement?: (sql: string) => void;
}

/**
 * The database holds every player's ids and games: its folder is made if missing and the file is created (or
 * narrowed to) readable and writable by its owner only. SQLite gives the -wal and -shm files the same mode.
 */
function createOwnerOnly(file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.closeSync(fs.openSync(file, 'a', OWNER_ONLY));
  fs.chmodSync(file, OWNER_ONLY);
}

/**
 * Opens (creating if needed) the database file, sets the connection pragmas and migrates the schema. An
 * existing file with an older schema is first copied beside itself (`hare.db.backup-v2`; see backup.ts and
 * migrationBackupOf for its path).
 */
export function openDatabase(
  file: string = DEFAULT_DATABASE_PATH,
  options: OpenDatabaseOptions = {},
): Database.Database {
  if (file !== MEMORY_DATABASE && file !== '') createOwnerOnly(file);
  const migrations = options.migrations ?? MIGRATIONS;
  const db = new Database(
    file,
    options.onStatement ? { verbose: (sql) => options.onStatement?.(String(sql)) } : {},
  );
  try {
    db.pragma('busy_timeout = 5000');
    // Before anything writes to the file (even the switch to WAL), so the backup is the file as it was.
    backupBeforeMigration(db, migrations.length);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Checkpoint every ~40 MB of WAL instead of ~4 MB: game rows are rewritten on every turn, so a larger
    // window copies each hot page back to the database file far less often (fewer stalls under load).
    db.pragma('wal_autocheckpoint = 10000');
    migrate(db, migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
