/**
 * A backup of a PostgreSQL database as a SQLite file: every table read in one snapshot and written to a new file
 * beside the target, renamed into place once complete. The backups of both engines are then the same kind of file,
 * verified, kept and restored (npm run db:copy) the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { copyRows } from '../copy';
import { openSqliteStorage } from '../sqlite/sqlite-storage';
import type { PgDatabase } from './database';
import { PgRows } from './pg-maintenance';

export async function backupPostgresTo(db: PgDatabase, target: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  const removePartial = () => {
    for (const file of [partial, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(file, { force: true });
  };
  removePartial();
  const copy = openSqliteStorage(partial); // created readable by its owner only
  try {
    await db.snapshot((sql) => copyRows(new PgRows(db, sql), copy.rows));
    await copy.close();
    fs.renameSync(partial, target);
  } catch (error) {
    await copy.close();
    removePartial();
    throw error;
  }
}
