/**
 * A copy of the database file made before its schema is migrated: `hare.db` at schema version 2 is copied to
 * `hare.db.backup-v2` beside it (then `hare.db.backup-v2-1`, `-2`… so an earlier backup is never overwritten).
 * Restoring is a file copy: stop the bot, copy the backup over `hare.db`, remove `hare.db-wal` and `hare.db-shm`.
 */
import fs from 'node:fs';
import type Database from 'better-sqlite3';

/** The backup made when a connection was opened (by openDatabase), for an operator command to print. */
const backups = new WeakMap<Database.Database, string>();

/** The path of the backup made before this connection's database was migrated, or null if none was needed. */
export function migrationBackupOf(db: Database.Database): string | null {
  return backups.get(db) ?? null;
}

/** The first free backup name for `file` at schema `version`: `file.backup-vN`, then `-1`, `-2`… */
export function backupPathFor(file: string, version: number): string {
  const base = `${file}.backup-v${version}`;
  let candidate = base;
  for (let n = 1; fs.existsSync(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/** The file of the main database, or null for ':memory:' and temporary databases. */
export function databaseFile(db: Database.Database): string | null {
  if (db.memory) return null;
  const main = (db.pragma('database_list') as { name: string; file: string }[]).find(
    (entry) => entry.name === 'main',
  );
  return main?.file ? main.file : null;
}

function userVersion(db: Database.Database): number {
  const value = db.pragma('user_version', { simple: true });
  return typeof value === 'number' ? value : 0;
}

function hasTables(db: Database.Database): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' LIMIT 1`).get() !== undefined;
}

function walSize(file: string): number {
  try {
    return fs.statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

const COPY_ATTEMPTS = 3;

/**
 * Copies the database file to `target` as one self-contained file: the write-ahead log is checkpointed into
 * the file first, and the copy is taken under a write lock with the log empty, so no other connection can
 * change the file while it is read (a checkpoint only writes frames of the log into the file).
 */
function copyDatabaseFile(db: Database.Database, source: string, target: string): void {
  for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt++) {
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (result && result.busy !== 0) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      if (walSize(source) !== 0) continue;
      const partial = `${target}.partial`;
      try {
        fs.copyFileSync(source, partial);
        fs.renameSync(partial, target);
      } catch (error) {
        fs.rmSync(partial, { force: true });
        throw error;
      }
      return;
    } finally {
      db.exec('COMMIT');
    }
  }
  throw new Error(
    `could not back up ${source} before migrating it: another connection kept writing to it (close it and retry)`,
  );
}

/**
 * Before migrating: if `db` is a database file that has tables and a schema version older than `latest`,
 * copies it beside itself (see backupPathFor) and returns the backup's path; null when no backup is needed
 * (':memory:', a new or empty file, an up-to-date or newer schema). Throws if the copy cannot be made.
 */
export function backupBeforeMigration(db: Database.Database, latest: number): string | null {
  const file = databaseFile(db);
  if (file === null) return null;
  const version = userVersion(db);
  if (version >= latest || !hasTables(db)) return null;
  const target = backupPathFor(file, version);
  copyDatabaseFile(db, file, target);
  backups.set(db, target);
  return target;
}
