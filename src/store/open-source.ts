/**
 * The source of a copy (`npm run db:copy`), opened so that it is never changed. A SQLite file is read through a
 * read-only connection into a private temporary snapshot, which is migrated there when its schema is older; the
 * file itself keeps its bytes, its mode and its folder. A PostgreSQL database is read in read-only sessions, and
 * only at this program's schema (migrating it is a write: the bot migrates it when it starts on it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isPostgresUrl, openPostgresStorage } from './pg/pg-storage';
import { openSqliteStorage } from './sqlite/sqlite-storage';
import type { Storage } from './storage';

export async function openSourceAt(location: string): Promise<Storage> {
  if (isPostgresUrl(location)) return openPostgresStorage(location, {}, 'read-only');
  const folder = mkdtempSync(join(tmpdir(), 'hare-copy-source-'));
  try {
    const snapshot = join(folder, 'source.db');
    const source = new Database(location, { readonly: true, fileMustExist: true });
    try {
      await source.backup(snapshot);
    } finally {
      source.close();
    }
    const storage = openSqliteStorage(snapshot);
    return {
      ...storage,
      location,
      migrationBackup: null,
      close: async () => {
        try {
          await storage.close();
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
